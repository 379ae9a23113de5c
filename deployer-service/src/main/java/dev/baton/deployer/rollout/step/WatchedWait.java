package dev.baton.deployer.rollout.step;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.baton.deployer.rollout.ProcessWatch;

/**
 * Waits on an answer about a process the deploy started, never sleeps: the answer ends
 * the wait the moment it arrives, and while none has, the runtime is asked at the
 * service's check interval whether the process still runs, so a crash ends the wait at
 * once rather than at the deadline.
 */
public final class WatchedWait {

	private WatchedWait() {
	}

	/**
	 * @param answer completes with the answer; never fails
	 * @param watch asks the runtime; {@link ProcessWatch#NONE} waits for the answer or
	 * the deadline only
	 * @param timeout how long the answer may take
	 * @param interval how often the runtime is asked
	 * @param timedOut the failure's reason at the deadline
	 * @param crashed the failure's reason from the runtime's words
	 * @return the answer
	 */
	public static <T> T await(CompletableFuture<T> answer, ProcessWatch watch, Duration timeout, Duration interval,
			Supplier<String> timedOut, Function<String, String> crashed) throws DeployFailure, InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		try {
			while (true) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					throw new DeployFailure(timedOut.get());
				}
				long wait = (watch == ProcessWatch.NONE) ? left : Math.min(left, interval.toNanos());
				try {
					return answer.get(wait, TimeUnit.NANOSECONDS);
				}
				catch (TimeoutException ex) {
					Optional<String> crash = watch.crashed();
					if (crash.isPresent()) {
						throw new DeployFailure(crashed.apply(crash.get()));
					}
				}
			}
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("answers never fail", ex);
		}
		finally {
			answer.cancel(false);
		}
	}

}
