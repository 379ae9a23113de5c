package dev.baton.deployer.rollout.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.DeployRollingBack;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.rollout.RolloutWorld;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.rollout.plan.ServicePolicy;
import dev.baton.deployer.runtime.ArgvTemplate;
import dev.baton.deployer.runtime.CommandRuntime;
import dev.baton.deployer.runtime.RealSupervisord;
import dev.baton.deployer.runtime.SupervisordRuntime;
import dev.baton.deployer.runtime.WorkDirectory;
import dev.baton.kafka.testing.FreePorts;

/**
 * How soon a release that exits at start is rolled back, under the runtimes that know
 * their processes ({@code supervisord}, and {@code command} with a {@code check}) against
 * a {@code command} runtime without one, which can only wait for the health deadline. The
 * app is a real process (a small Python server that exits at start on its broken
 * release), started by a real supervisord or by shell commands; verdicts come from real
 * HTTP probes every 10 ms, as health-service's fast probes do. Per round: from the broken
 * process's spawn to the rollback's end, less the old version's start-up (its restart
 * until its verdict), against the target of 1 s.
 * <p>
 * {@code ./mvnw -q -B -pl deployer-service test-compile exec:java}
 */
public final class CrashRollbackBenchmark {

	private static final int ROUNDS = 5;

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * A process runs: it exists and is no zombie waiting to be reaped (a subshell body:
	 * an argv template reads braces as placeholders).
	 */
	private static final String ALIVE = "alive() ( [ -n \"$1\" ] && [ -e /proc/$1 ]"
			+ " && ! grep -qs '^State:.*Z' /proc/$1/status );";

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	private final PrintStream out;

	private CrashRollbackBenchmark(PrintStream out) {
		this.out = out;
	}

	public static void main(String[] args) throws Exception {
		new CrashRollbackBenchmark(System.out).run();
	}

	private void run() throws Exception {
		Path dir = Files.createTempDirectory("crash-rollback-benchmark");
		DeployTarget supervised = target("orders-1");
		DeployTarget commanded = target("orders-2");
		try (RealSupervisord supervisord = RealSupervisord.start(dir,
				List.of(new RealSupervisord.Instance("orders-1", supervised.endpoint().port(), false)))) {
			InstanceRuntime supervisorRuntime = new SupervisordRuntime(supervisord.unixClient(), "{instanceId}",
					Optional.of(new ArgvTemplate(supervisord.activate())), Duration.ofSeconds(30),
					WorkDirectory.prepare(dir.resolve("work-supervisord")));
			Files.createDirectories(dir.resolve("instances").resolve("orders-2"));
			Files.createDirectories(dir.resolve("run"));
			List<String> rows = new ArrayList<>();
			rows.add(measure("supervisord", supervisorRuntime, supervised));
			CommandRuntime withCheck = commands(dir, supervisord, true);
			rows.add(measure("command + check", withCheck, commanded));
			rows.add(measure("command, no check (baseline)", commands(dir, supervisord, false), commanded));
			withCheck.stop(RolloutWorld.ORDERS, commanded);
			this.out.println();
			this.out.printf("| runtime | crash told after (median) | old version's start-up (median) "
					+ "| spawn → rolled back, less the start-up (median, max) | target ≤ 1 s |%n");
			this.out.println("| --- | ---: | ---: | ---: | --- |");
			rows.forEach(this.out::println);
		}
	}

	/**
	 * The command runtime a user without supervisord writes: the app started in the
	 * background with its pid in a file, stopped by that pid, and (optionally) checked by
	 * it. The check counts a zombie as gone: the app's parent shell exits at once, and
	 * whoever inherits the app may reap it late.
	 */
	private static CommandRuntime commands(Path dir, RealSupervisord supervisord, boolean check) {
		String pid = dir.resolve("run") + "/$1.pid";
		ArgvTemplate activate = new ArgvTemplate(supervisord.activate());
		ArgvTemplate stop = new ArgvTemplate(
				List.of("sh", "-c", ALIVE + " p=$(cat " + pid + " 2>/dev/null) || exit 0; kill $p 2>/dev/null;"
						+ " while alive $p; do sleep 0.01; done", "sh", "{instanceId}"));
		ArgvTemplate start = new ArgvTemplate(
				List.of("sh", "-c", "python3 -u " + dir.resolve("app.py") + " $2 " + dir.resolve("instances")
						+ "/$1/release >/dev/null 2>&1 & echo $! > " + pid, "sh", "{instanceId}", "{port}"));
		Optional<ArgvTemplate> checks = check
				? Optional.of(new ArgvTemplate(
						List.of("sh", "-c", ALIVE + " alive $(cat " + pid + ")", "sh", "{instanceId}")))
				: Optional.empty();
		return new CommandRuntime(
				Map.of(RolloutWorld.ORDERS,
						new CommandRuntime.Commands(List.of(stop, activate, start), checks, Duration.ofSeconds(30))),
				WorkDirectory.prepare(dir.resolve("work-command-" + check)));
	}

	private String measure(String name, InstanceRuntime runtime, DeployTarget target) throws Exception {
		runtime.restart(RolloutWorld.ORDERS, target, target.previousVersion());
		List<Long> told = new ArrayList<>();
		List<Long> startups = new ArrayList<>();
		List<Long> beyond = new ArrayList<>();
		for (int round = 0; round < ROUNDS; round++) {
			List<DeployStep> steps = deploy(runtime, target);
			Instant spawned = at(steps, InstanceRestarted.class, DeployPhase.ROLLOUT);
			Instant rollingBack = at(steps, DeployRollingBack.class, null);
			Instant oldRestart = at(steps, InstanceRestartStarted.class, DeployPhase.ROLLBACK);
			Instant oldVerified = at(steps, InstanceVerified.class, DeployPhase.ROLLBACK);
			Instant failed = at(steps, DeployFailed.class, null);
			long startup = Duration.between(oldRestart, oldVerified).toMillis();
			told.add(Duration.between(spawned, rollingBack).toMillis());
			startups.add(startup);
			beyond.add(Duration.between(spawned, failed).toMillis() - startup);
			this.out.printf(
					"%s, round %d: crash told after %d ms, old start-up %d ms, rolled back %d ms after"
							+ " the spawn less the start-up%n",
					name, round + 1, told.get(round), startup, beyond.get(round));
		}
		long median = median(beyond);
		return String.format("| %s | %d ms | %d ms | %d ms, %d ms | %s |", name, median(told), median(startups), median,
				beyond.stream().mapToLong(Long::longValue).max().orElseThrow(), (median <= 1000) ? "met" : "missed");
	}

	/** A deploy of the release that exits at start, rolled back onto the serving one. */
	private static List<DeployStep> deploy(InstanceRuntime runtime, DeployTarget target) throws InterruptedException {
		RolloutWorld world = new RolloutWorld();
		world.node("a", true);
		world.health = (restarted) -> {
			Thread prober = new Thread(() -> probe(world, restarted), "prober");
			prober.setDaemon(true);
			prober.start();
			return null;
		};
		DeployRuns runs = new DeployRuns(world.board, world.nodes, runtime, world.arrivals, world.fleet,
				world.serving(), world, world.clock);
		ServicePolicy policy = new ServicePolicy(1, 0, Duration.ofSeconds(5), HEALTH_TIMEOUT, Duration.ofSeconds(5),
				DrainDeadline.OnTimeout.PROCEED, ServicePolicy.DEFAULT_CHECK_INTERVAL);
		runs.fresh(world.plan("crash", policy, List.of(List.of(target)))).run();
		return List.copyOf(world.steps);
	}

	/**
	 * Probes every 10 ms until the instance answers with its version, or the deadline.
	 */
	private static void probe(RolloutWorld world, InstanceRestarted restarted) {
		long deadline = System.nanoTime() + HEALTH_TIMEOUT.toNanos();
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restarted.port() + "/health"))
			.timeout(Duration.ofSeconds(1))
			.build();
		while (System.nanoTime() < deadline) {
			try {
				HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200) {
					world.board.onVerdict(
							RolloutWorld.verdict(restarted, HealthStatus.HEALTHY, Version.of(response.body().strip())));
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet, or gone
			}
			catch (InterruptedException ex) {
				return;
			}
			try {
				TimeUnit.MILLISECONDS.sleep(10);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	private static Instant at(List<DeployStep> steps, Class<? extends DeployStep> type, DeployPhase phase) {
		return steps.stream()
			.filter(type::isInstance)
			.filter((step) -> phase == null || phase.name().equals(phaseOf(step)))
			.map(DeployStep::at)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no " + type.getSimpleName() + " in " + steps));
	}

	private static String phaseOf(DeployStep step) {
		if (step instanceof InstanceRestarted restarted) {
			return restarted.phase().name();
		}
		if (step instanceof InstanceRestartStarted started) {
			return started.phase().name();
		}
		return (step instanceof InstanceVerified verified) ? verified.phase().name() : "";
	}

	private static long median(List<Long> values) {
		return values.stream().sorted().toList().get(values.size() / 2);
	}

	private static DeployTarget target(String id) {
		return new DeployTarget(InstanceId.of(id), new Endpoint("127.0.0.1", FreePorts.next()), Version.of("serve"));
	}

}
