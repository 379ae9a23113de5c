package dev.baton.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.report.ReportRenderer;
import dev.baton.loadgen.report.ScenarioResult;

/**
 * Runs every scenario under the same steady load and writes the report. Exits 0 only when
 * every scenario did what it should and lost no request it was not allowed to.
 */
public final class DemoRunner {

	/**
	 * The share of requests the stack's release v4-flaky fails
	 * ({@code sample.failure-rate}).
	 */
	private static final double FLAKY_ERROR_RATE = 0.05;

	private final DemoOptions options;

	private final PrintStream out;

	DemoRunner(DemoOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	public static void main(String[] args) {
		Runs.exit((out) -> new DemoRunner(DemoOptions.parse(args), out).run());
	}

	boolean run() throws IOException {
		String service = this.options.service();
		RollingBaseline rolling = new RollingBaseline();
		List<Integer> spares = List.of(9004, 9005);
		SteadyLoadScenario warm = new SteadyLoadScenario("steady load, warm instances", Duration.ofSeconds(10));
		// The same rolling deploy without and with slow start; its bake lets
		// each restarted instance ramp up before the next one is drained.
		DeployScenario plain = new DeployScenario("rolling deploy v2 → v1, bake 10 s", "v1", 0, rolling, "--bake",
				"10s");
		DeployScenario slow = new DeployScenario("rolling deploy v1 → v2, bake 10 s, slow start 10 s", "v2", 0, rolling,
				"--bake", "10s");
		SteadyLoadScenario configured = new SteadyLoadScenario("steady load, slow start configured",
				Duration.ofSeconds(10));
		SlowStartComparison slowStart = new SlowStartComparison(
				new SlowStartComparison.Comparison(warm.name(), plain.name()),
				new SlowStartComparison.Comparison(configured.name(), slow.name()));
		List<Scenario> scenarios = List.of(
				new SteadyLoadScenario("steady load, the stack just started", Duration.ofSeconds(10)),
				new DeployScenario("rolling deploy v1 → v2", "v2", 0, rolling),
				new DeployScenario("rollback to v1", "v1", 0, rolling),
				new DeployScenario("broken release v3-broken (automatic rollback)", "v3-broken", 1, rolling),
				new KillScenario(service + "-1", 9001), new ScaleOutScenario(service + "-3", 9003),
				new ScaleInScenario(service + "-3", 9003),
				new CanaryScenario("v4-flaky", FLAKY_ERROR_RATE, 10, Duration.ofSeconds(60),
						List.of(service + "-1", service + "-2"), spares),
				new SurgeScenario("surge deploy of broken release v3-broken (new instances removed)", "v3-broken", 1,
						rolling, spares),
				new SurgeScenario("surge deploy v1 → v2", "v2", 0, rolling, spares), warm, plain,
				new NginxControlRestartScenario("baton.nginx-control.routes." + service + ".slow-start=10s"),
				// As steady load comes before the deploy without slow start: a JVM just
				// started (nginx-control's) takes the cores for seconds.
				configured, slow, new WebSocketDeployScenario("v1", false), new WebSocketDeployScenario("v1", true));
		if (!this.options.quick()) {
			// Each drain waits for the streams, so this lasts as long as they do.
			scenarios = new ArrayList<>(scenarios);
			scenarios.add(new StreamsThroughDeployScenario("v2"));
		}
		List<ScenarioResult> results = new ArrayList<>();
		List<String> verdicts = new ArrayList<>();
		boolean passed = true;
		for (Scenario scenario : scenarios) {
			this.out.printf("%n== %s (%.0f requests/s, GET:POST 2:1)%n", scenario.name(), this.options.rate());
			Timeline timeline = new Timeline();
			LoadRun load = LoadRun.start(this.options);
			Await.steadyLoad(this.options.settle());
			Instant start = Instant.now();
			Scenario.Act act = act(scenario, timeline);
			Duration duration = Duration.between(start, Instant.now());
			Await.steadyLoad(this.options.settle());
			LoadResult result = load.stop();
			boolean lossless = result.failed() <= act.allowedLosses();
			String verdict = String.format("%s: %s; %d requests, %d failed (GET %d, POST %d; allowed %d) — %s",
					scenario.name(), act.note(), result.requests(), result.failed(), result.get().failed(),
					result.post().failed(), act.allowedLosses(), (act.ok() && lossless) ? "PASS" : "FAIL");
			this.out.println(verdict);
			verdicts.add(verdict);
			passed &= act.ok() && lossless;
			results.add(new ScenarioResult(scenario.name(), result, timeline.events(), duration, act.timeToRollBack()));
		}
		slowStart.line(results).ifPresent((line) -> {
			this.out.println(line);
			verdicts.add(line);
		});
		ReportRenderer.RenderedReport report = ReportRenderer.render(results, this.options.reportDirectory());
		Files.write(this.options.reportDirectory().resolve("verdicts.txt"), verdicts);
		if (this.options.console() != null) {
			Files.writeString(report.markdown(),
					String.format(
							"%nThe stack goes on running: watch it, and act on it, in the ops console at <%s>"
									+ " (log in with the token in %s).%n",
							this.options.console(), this.options.run().resolve("registry.token")),
					StandardOpenOption.APPEND);
		}
		this.out.println();
		this.out.println(Files.readString(report.markdown()));
		this.out.printf("Report: %s (also %s and %d charts)%n", report.markdown(), report.json(),
				report.charts().size());
		this.out.println(passed ? "ALL SCENARIOS PASSED" : "SOME SCENARIOS FAILED");
		return passed;
	}

	/** A scenario that could not finish failed; the demo goes on with the next ones. */
	private Scenario.Act act(Scenario scenario, Timeline timeline) {
		try {
			return scenario.act(new Stack(this.options), timeline);
		}
		catch (RuntimeException ex) {
			return Scenario.Act.of(false, "did not finish: " + ex.getMessage());
		}
	}

}
