package dev.baton.nginx.sync;

import java.time.Duration;

/**
 * When the sync thread checks nginx's epoch (cheap, often, so a restarted nginx gets its
 * peers back quickly) and compares whole peer sets (every reconcile interval). Used by
 * the sync thread only.
 */
public class SyncSchedule {

	private final long epochCheckNanos;

	private final long reconcileNanos;

	private long nextEpochCheck;

	private long nextReconcile;

	public SyncSchedule(Duration epochCheckInterval, Duration reconcileInterval) {
		this.epochCheckNanos = epochCheckInterval.toNanos();
		this.reconcileNanos = reconcileInterval.toNanos();
		long now = System.nanoTime();
		this.nextEpochCheck = now;
		this.nextReconcile = now + this.reconcileNanos;
	}

	long nanosUntilNextCheck(long now) {
		return Math.min(this.nextEpochCheck, this.nextReconcile) - now;
	}

	boolean epochCheckDue(long now) {
		if (now - this.nextEpochCheck < 0) {
			return false;
		}
		this.nextEpochCheck = now + this.epochCheckNanos;
		return true;
	}

	boolean reconcileDue(long now) {
		if (now - this.nextReconcile < 0) {
			return false;
		}
		this.nextReconcile = now + this.reconcileNanos;
		return true;
	}

	void retryEpochCheckWithin(long now, long nanos) {
		if (this.nextEpochCheck - (now + nanos) > 0) {
			this.nextEpochCheck = now + nanos;
		}
	}

}
