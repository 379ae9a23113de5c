package dev.baton.demo;

import java.time.Duration;
import java.time.Instant;

import tools.jackson.databind.JsonNode;

/**
 * {@code baton deploy SERVICE VERSION --wait}, as CI runs it: a rolling deploy, a
 * rollback to the previous version (the same command), or a broken release that Baton
 * must roll back by itself.
 */
final class DeployScenario implements Scenario {

	private final String name;

	private final String version;

	private final int expectedExitCode;

	private final RollingBaseline baseline;

	private final String[] options;

	/**
	 * @param name the scenario's name
	 * @param version the version deployed
	 * @param expectedExitCode 0 for a deploy that must succeed, 1 for one that must fail
	 * @param baseline where a rolling deploy's time is kept for the surge deploys
	 * @param options more options of {@code baton deploy} ({@code --bake 10s})
	 */
	DeployScenario(String name, String version, int expectedExitCode, RollingBaseline baseline, String... options) {
		this.name = name;
		this.version = version;
		this.expectedExitCode = expectedExitCode;
		this.baseline = baseline;
		this.options = options.clone();
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		String deployId = "demo-" + this.version + "-" + Instant.now().toEpochMilli();
		Instant requested = Instant.now();
		timeline.mark(String.join(" ", "baton deploy", this.version, String.join(" ", this.options)).strip());
		Stack.CliRun run = stack.deploy(timeline, deployId, this.version, this.options);
		boolean ok = run.code() == this.expectedExitCode;
		String outcome = "exit " + run.code() + " (expected " + this.expectedExitCode + ")";
		JsonNode failed = timeline.step("DeployFailed");
		if (!failed.isMissingNode()) {
			Duration rollback = Duration.ofMillis(failed.path("rollbackMillis").asLong());
			return new Act(ok, outcome + "; " + failed.path("reason").asString() + "; rolled back "
					+ failed.path("rolledBack") + " in " + seconds(rollback), 0, rollback);
		}
		JsonNode succeeded = timeline.step("DeploySucceeded");
		if (succeeded.isMissingNode()) {
			return Act.of(false, outcome + "; " + run.out().strip() + " " + run.err().strip());
		}
		Duration took = DeployTime.fromRequest(requested, succeeded);
		this.baseline.record(took, DeployTime.startups(stack, timeline.rolloutRestarts()));
		return Act.of(ok,
				outcome + "; " + DeployTime.check(stack, took, timeline.rolloutRestarts(), timeline.baked()) + "; "
						+ DeployTime.toStart(requested, timeline)
							.map((wait) -> "DeployStarted " + seconds(wait) + " after the request")
							.orElse("no DeployStarted"));
	}

	static String seconds(Duration duration) {
		return String.format("%.1f s", duration.toMillis() / 1000.0);
	}

}
