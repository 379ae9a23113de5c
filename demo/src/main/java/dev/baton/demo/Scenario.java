package dev.baton.demo;

import java.time.Duration;

/**
 * One thing a user does to a running fleet, done while the load runs.
 */
interface Scenario {

	String name();

	/**
	 * Does the scenario's action and checks what Baton did.
	 * @param stack the running stack
	 * @param timeline where to note what happened
	 * @return what the action achieved and how many failed requests it may cost
	 */
	Act act(Stack stack, Timeline timeline);

	/**
	 * What a scenario's action achieved.
	 *
	 * @param ok whether Baton did what the scenario expects (the deploy succeeded, the
	 * broken release was rolled back, the killed instance came back, ...)
	 * @param note one line for the report
	 * @param allowedLosses failed requests the scenario may cost: 0, except for a kill
	 * -9, which may lose what was in flight on the killed instance
	 * @param timeToRollBack how long the rollback took, when there was one
	 */
	record Act(boolean ok, String note, long allowedLosses, Duration timeToRollBack) {

		static Act of(boolean ok, String note) {
			return new Act(ok, note, 0, null);
		}

	}

}
