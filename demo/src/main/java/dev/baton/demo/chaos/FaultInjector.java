package dev.baton.demo.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import dev.baton.demo.Processes;

/**
 * Does a fault to the real processes: {@code kill -9} of a service, started again after
 * {@link #RESTART_AFTER} with its own command line, its wall clock shifted where the
 * fault says so (a lost node after {@link #LOST_FOR}); SIGSTOP of the broker, SIGCONT
 * after {@link #PAUSE}; {@code kill -9} of nginx's master and workers at once
 * (nginx-control, which started it, is left to notice).
 */
final class FaultInjector {

	static final Duration RESTART_AFTER = Duration.ofSeconds(3);

	static final Duration PAUSE = Duration.ofSeconds(20);

	/**
	 * Past the stack's drain timeout (the deployer's default, 30 s) and the 5 s its
	 * answers are awaited beyond it.
	 */
	static final Duration LOST_FOR = Duration.ofSeconds(40);

	private static final Duration READY_WITHIN = Duration.ofSeconds(60);

	private final Processes processes;

	FaultInjector(Processes processes) {
		this.processes = processes;
	}

	/**
	 * Does the fault now.
	 * @param fault the fault
	 * @return what was done, and when the fault's own end (the restart, the SIGCONT) is
	 * done
	 */
	Injected inject(Fault fault) {
		try {
			return switch (fault.target()) {
				case BROKER -> pause();
				case NGINX -> killNginx();
				case NODE_LOST -> killService(fault.target(), LOST_FOR, Duration.ZERO);
				default -> killService(fault.target(), RESTART_AFTER, fault.clockOffset());
			};
		}
		catch (RuntimeException ex) {
			return new Injected("could not: " + ex.getMessage(), CompletableFuture.completedFuture("nothing to end"),
					CompletableFuture.completedFuture(Duration.ZERO));
		}
	}

	private Injected killService(FaultTarget target, Duration downFor, Duration clockOffset) {
		String name = target.process();
		long pid = this.processes.pid(name).orElseThrow(() -> new IllegalStateException(name + " is not running"));
		Processes.signal("KILL", List.of(pid));
		CompletableFuture<Optional<Duration>> back = CompletableFuture.supplyAsync(
				() -> clockOffset.isZero()
						? this.processes.relaunchAndAwait(name, List.of(), target.ready(), READY_WITHIN)
						: this.processes.relaunchShiftedAndAwait(name, clockOffset, target.ready(), READY_WITHIN),
				after(downFor));
		return new Injected("killed pid " + pid,
				back.thenApply((ready) -> "started again, "
						+ ready.map((took) -> "back at work " + ChaosTable.seconds(took) + " after its start")
							.orElse("not back at work within " + READY_WITHIN.toSeconds() + " s")),
				back.thenApply((ready) -> downFor.plus(ready.orElse(READY_WITHIN))));
	}

	private Injected pause() {
		long pid = this.processes.pid(FaultTarget.BROKER.process())
			.orElseThrow(() -> new IllegalStateException("the broker is not running"));
		Processes.signal("STOP", List.of(pid));
		CompletableFuture<String> resumed = CompletableFuture.supplyAsync(() -> {
			Processes.signal("CONT", List.of(pid));
			return "resumed";
		}, after(PAUSE));
		return new Injected("stopped pid " + pid, resumed, CompletableFuture.completedFuture(Duration.ZERO));
	}

	private Injected killNginx() {
		long master = this.processes.nginxMaster()
			.orElseThrow(() -> new IllegalStateException("no nginx master in nginx-control's pid file"));
		List<Long> pids = Processes.withChildren(master);
		Processes.signal("KILL", pids);
		return new Injected("killed pids " + pids, CompletableFuture.completedFuture("left to nginx-control"),
				CompletableFuture.completedFuture(Duration.ZERO));
	}

	private static Executor after(Duration delay) {
		return CompletableFuture.delayedExecutor(delay.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * A fault done.
	 *
	 * @param note what was hit
	 * @param ended completes when the fault's own end is done, with what was done
	 * @param absence for a killed service, how long it was away: from the kill until it
	 * was back at work (the wait before its restart and its own start-up, which the
	 * machine's speed sets, not Baton); zero for any other fault
	 */
	record Injected(String note, CompletableFuture<String> ended, CompletableFuture<Duration> absence) {

	}

}
