package dev.baton.demo;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResult.Latency;
import dev.baton.loadgen.LoadResult.MethodTotals;
import dev.baton.loadgen.report.ScenarioResult;

import static org.assertj.core.api.Assertions.assertThat;

class SlowStartComparisonTests {

	private final SlowStartComparison comparison = new SlowStartComparison(
			new SlowStartComparison.Comparison("steady before plain", "plain"),
			new SlowStartComparison.Comparison("steady before slow", "slow"));

	@Test
	void setsEachDeployAgainstTheSteadyLoadJustBeforeIt() {
		List<ScenarioResult> results = List.of(scenario("steady before plain", 40), scenario("plain", 60),
				scenario("steady before slow", 20), scenario("slow", 32));

		assertThat(this.comparison.line(results)).hasValueSatisfying((line) -> assertThat(line)
			.startsWith("p99 during a rolling deploy: without slow start 60.0 ms (1.50× the steady 40.0 ms before it);"
					+ " with slow start 32.0 ms (1.60× the steady 20.0 ms before it);"
					+ " target with slow start ≤ 1.5× steady: MISSED."));
	}

	@Test
	void meetsTheTargetAtOneAndAHalfTimesItsOwnSteadyLoad() {
		List<ScenarioResult> results = List.of(scenario("steady before plain", 20), scenario("plain", 60),
				scenario("steady before slow", 20), scenario("slow", 30));

		assertThat(this.comparison.line(results)).hasValueSatisfying((line) -> assertThat(line).contains(": met."));
	}

	@Test
	void saysNothingWhenAScenarioDidNotRun() {
		assertThat(this.comparison
			.line(List.of(scenario("steady before plain", 20), scenario("plain", 60), scenario("slow", 30)))).isEmpty();
	}

	private static ScenarioResult scenario(String name, double p99) {
		MethodTotals totals = new MethodTotals(0, 0, 0, Map.of(), Map.of());
		LoadResult load = new LoadResult("http://127.0.0.1:8080", 300, "2:1", Instant.EPOCH, 1, 0, 0, 0, totals, totals,
				new Latency(p99 / 2, p99, p99, p99, p99, p99 / 2), List.of());
		return new ScenarioResult(name, load, List.of(), null, null);
	}

}
