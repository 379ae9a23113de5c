package dev.baton.deployer.control;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployCancelling;
import dev.baton.contracts.deploy.DeployPaused;
import dev.baton.contracts.deploy.DeployResumed;
import dev.baton.contracts.deploy.DeployStep;

/**
 * Whether one running deploy holds (paused) and whether it was cancelled. Each change is
 * put on the record ({@link DeployPaused}, {@link DeployResumed},
 * {@link DeployCancelling}) before it takes effect, and under the same lock the deploy
 * takes to pass a {@link #checkpoint()}: a deploy either passed its checkpoint before the
 * pause was on the record, or holds at it. A pause never interrupts a step: the deploy
 * asks at the points where it may hold, between steps, so no wait with a deadline runs
 * while it holds. A cancel releases a paused deploy, which then rolls back.
 */
public final class DeployControls {

	private final DeployId deployId;

	private final ServiceName service;

	private final Version version;

	private final Consumer<DeployStep> record;

	private final Clock clock;

	private DeployPaused paused;

	private String cancelled;

	private boolean ending;

	/**
	 * @param record publishes a step, returning once it is on the record
	 * @param paused the pause a deployer before this one put on the record and nobody
	 * resumed, or null
	 * @param cancelling the cancel a deployer before this one put on the record, or null
	 */
	public DeployControls(DeployId deployId, ServiceName service, Version version, Consumer<DeployStep> record,
			Clock clock, DeployPaused paused, DeployCancelling cancelling) {
		this.deployId = deployId;
		this.service = service;
		this.version = version;
		this.record = record;
		this.clock = clock;
		this.paused = paused;
		this.cancelled = (cancelling != null) ? describe(cancelling.requestedBy(), cancelling.reason()) : null;
	}

	public DeployId deployId() {
		return this.deployId;
	}

	/**
	 * Pauses the deploy, unless it is paused already or being cancelled.
	 * @return whether it was paused now
	 */
	public synchronized boolean pause(String by, String reason) {
		if (this.ending || this.paused != null || this.cancelled != null) {
			return false;
		}
		DeployPaused step = new DeployPaused(this.deployId, this.service, this.version, by, reason,
				this.clock.instant());
		this.record.accept(step);
		this.paused = step;
		notifyAll();
		return true;
	}

	/**
	 * Lets a paused deploy carry on.
	 * @return whether it was paused until now
	 */
	public synchronized boolean resume(String by, String reason) {
		if (this.ending || this.paused == null) {
			return false;
		}
		this.record
			.accept(new DeployResumed(this.deployId, this.service, this.version, by, reason, this.clock.instant()));
		this.paused = null;
		notifyAll();
		return true;
	}

	/**
	 * Cancels the deploy, paused or not.
	 * @return whether it was cancelled now, false when it was already
	 */
	public synchronized boolean cancel(String by, String reason) {
		if (this.ending || this.cancelled != null) {
			return false;
		}
		this.record
			.accept(new DeployCancelling(this.deployId, this.service, this.version, by, reason, this.clock.instant()));
		this.cancelled = describe(by, reason);
		notifyAll();
		return true;
	}

	/**
	 * Says that the deploy rolls back or is about to publish its verdict: nothing an
	 * operator asks changes it any more, and nothing more is put on its record for them.
	 */
	public synchronized void end() {
		this.ending = true;
		notifyAll();
	}

	/**
	 * @return whether the deploy rolls back or is about to publish its verdict
	 */
	public synchronized boolean ending() {
		return this.ending;
	}

	/**
	 * Where the deploy may hold: returns at once unless it is paused, then once it is
	 * resumed or cancelled. Callers check {@link #cancelled()} next.
	 * @throws InterruptedException when the deployer stops; a restarted one holds it
	 * again
	 */
	public synchronized void checkpoint() throws InterruptedException {
		while (this.paused != null && this.cancelled == null) {
			wait();
		}
	}

	/**
	 * Waits, as a bake does, until the time is up or the deploy is cancelled; a pause
	 * does not stop the clock.
	 * @param atMost how long
	 * @return whether the deploy is cancelled
	 */
	public synchronized boolean cancelledWithin(Duration atMost) throws InterruptedException {
		long deadline = System.nanoTime() + atMost.toNanos();
		while (this.cancelled == null) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				break;
			}
			wait(Math.max(1, left / 1_000_000));
		}
		return this.cancelled != null;
	}

	/**
	 * @return who cancelled the deploy and why ({@code ops: wrong day}), or null
	 */
	public synchronized String cancelled() {
		return this.cancelled;
	}

	public synchronized Optional<DeployPaused> paused() {
		return Optional.ofNullable(this.paused);
	}

	private static String describe(String by, String reason) {
		return by + (reason.isBlank() ? "" : ": " + reason);
	}

}
