package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;

/**
 * What one deploy of the suite came to, undisturbed or with a fault.
 *
 * @param fault the fault, or null for the undisturbed deploy
 * @param deployId the deploy
 * @param version the version it deployed
 * @param outcome how it ended
 * @param reason the failure's reason, empty when none
 * @param duration from its request to its verdict (the bound when none came)
 * @param failedGet GET requests that failed while it ran
 * @param failedPost POST requests that failed while it ran
 * @param closedGates gates closed once it ended and the stack had time to recover
 * @param undrained instances recorded as drained with no node named
 * @param restarted instances the deploy restarted
 * @param restartedInPlace instances a surge deploy was to replace that it restarted
 * @param capacity for a surge deploy, the fewest peers nginx had up against how many
 * before; null for a rolling one, which takes a batch out by design
 * @param landed whether the fault hit its phase
 * @param notes what the fault did and how the stack came back
 * @param absence how long a killed service was away until it was back at work; zero for
 * any other fault and the undisturbed deploy
 */
record FaultResult(Fault fault, String deployId, String version, Outcome outcome, String reason, Duration duration,
		long failedGet, long failedPost, List<String> closedGates, List<String> undrained, List<String> restarted,
		List<String> restartedInPlace, Capacity capacity, String landed, String notes, Duration absence) {

	FaultResult {
		closedGates = List.copyOf(closedGates);
		undrained = List.copyOf(undrained);
		restarted = List.copyOf(restarted);
		restartedInPlace = List.copyOf(restartedInPlace);
	}

	/**
	 * nginx's peers up while a surge deploy ran, sampled.
	 *
	 * @param before up before the deploy
	 * @param least the fewest up at any sample
	 */
	record Capacity(int before, int least) {

		boolean kept() {
			return this.least >= this.before;
		}

	}

	long failed() {
		return this.failedGet + this.failedPost;
	}

}
