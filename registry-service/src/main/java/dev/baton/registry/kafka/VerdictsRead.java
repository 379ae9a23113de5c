package dev.baton.registry.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.baton.contracts.RecordPosition;

/**
 * How far the registry has read {@code health.verdicts}, partition by partition, so that
 * a deploy step can wait for the verdicts published before it.
 * <p>
 * Steps and verdicts lie on two topics, read by two consumers, with no order between
 * them. The deployer ends a deploy only after it saw the new version's verdicts; a
 * registry that learned that end first (its verdict consumer behind after a pause or a
 * freeze) would judge its instances' older verdicts against it, refuse the version they
 * ran before, and take every instance out of rotation until it caught up. Waiting until
 * the verdict consumer has read as far as the topic reached when the step was read puts
 * back the order the deployer saw.
 */
public final class VerdictsRead {

	private final Map<Integer, Long> upTo = new HashMap<>();

	/**
	 * Where the verdict listener starts reading, once its partitions are assigned.
	 * @param positions the next offset it reads, by partition
	 */
	synchronized void startingAt(Map<Integer, Long> positions) {
		this.upTo.putAll(positions);
		notifyAll();
	}

	/**
	 * A verdict was read and handled (or found stale).
	 * @param position where it lies
	 */
	synchronized void read(RecordPosition position) {
		this.upTo.merge(position.partition(), position.offset() + 1, Math::max);
		notifyAll();
	}

	/**
	 * Waits until every partition is read up to the given offsets.
	 * @param ends the offset each partition must be read up to
	 * @param timeout the longest wait
	 * @return whether they were reached within the timeout
	 * @throws InterruptedException when interrupted while waiting
	 */
	synchronized boolean awaitPast(Map<Integer, Long> ends, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!isPast(ends)) {
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				return false;
			}
			TimeUnit.NANOSECONDS.timedWait(this, left);
		}
		return true;
	}

	private boolean isPast(Map<Integer, Long> ends) {
		return ends.entrySet().stream().allMatch((end) -> this.upTo.getOrDefault(end.getKey(), 0L) >= end.getValue());
	}

}
