package dev.baton.deployer.rollout.step;

import java.util.Optional;

/**
 * One step of a rollback or of a surge deploy's undo. Whatever it throws, short of the
 * deployer being stopped, becomes a problem on the record instead of the end of the
 * rollback: a rollback that stopped half-way would leave gates closed and the deploy
 * without its {@code DeployFailed}.
 */
@FunctionalInterface
public interface UndoStep {

	void run() throws DeployFailure, InterruptedException;

	/**
	 * Runs a step.
	 * @param step the step
	 * @return why it failed, empty when it did not
	 * @throws InterruptedException when the deployer stops; what was published lets a
	 * restarted deployer carry on
	 */
	static Optional<String> attempt(UndoStep step) throws InterruptedException {
		try {
			step.run();
			return Optional.empty();
		}
		catch (DeployFailure ex) {
			return Optional.of(ex.reason());
		}
		catch (RuntimeException ex) {
			if (Thread.currentThread().isInterrupted()) {
				throw ex;
			}
			return Optional.of("the deployer failed unexpectedly: " + ex);
		}
	}

}
