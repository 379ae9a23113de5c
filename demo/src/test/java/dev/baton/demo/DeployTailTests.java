package dev.baton.demo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadResult.Latency;
import dev.baton.loadgen.LoadResult.MethodTotals;
import dev.baton.loadgen.LoadResult.SecondSample;
import dev.baton.loadgen.report.ScenarioResult;
import dev.baton.loadgen.report.TimelineEvent;

import static org.assertj.core.api.Assertions.assertThat;

class DeployTailTests {

	private static final Instant START = Instant.parse("2026-12-05T12:00:00Z");

	@Test
	void placesEachSecondByTheLastDrainOrGateOpeningBeforeItsMiddle() {
		// Seconds 0-1 before the deploy, 2-4 with orders-1 out, 5-6 with it back,
		// 7 with orders-2 out, 8 after the deploy.
		ScenarioResult deploy = deploy(List.of(30.0, 31.0, 90.0, 120.0, 35.0, 60.0, 32.0, 80.0, 30.0),
				List.of(step(2.2, "InstanceDrained orders-1"), step(5.1, "InstanceEnabled orders-1"),
						step(7.0, "InstanceDrained orders-2"), step(7.9, "DeploySucceeded")));

		assertThat(DeployTail.of(deploy).describe(45)).isEqualTo(
				"an instance out 120.0 ms (3 of 4 s over 45.0 ms), a restarted instance back 60.0 ms (1 of 2 s over"
						+ " 45.0 ms), outside the deploy 31.0 ms (0 of 3 s over 45.0 ms)");
	}

	@Test
	void leavesOutAPhaseTheDeployNeverReached() {
		ScenarioResult steady = deploy(List.of(30.0, 31.0), List.of());

		assertThat(DeployTail.of(steady).describe(45)).isEqualTo("outside the deploy 31.0 ms (0 of 2 s over 45.0 ms)");
	}

	private static TimelineEvent step(double seconds, String label) {
		return new TimelineEvent(START.plusMillis((long) (seconds * 1000)), label);
	}

	private static ScenarioResult deploy(List<Double> p99s, List<TimelineEvent> steps) {
		List<SecondSample> perSecond = new ArrayList<>();
		for (int second = 0; second < p99s.size(); second++) {
			perSecond.add(new SecondSample(second, 300, 0, 10, p99s.get(second), p99s.get(second)));
		}
		MethodTotals totals = new MethodTotals(0, 0, 0, Map.of(), Map.of());
		LoadResult load = new LoadResult("http://127.0.0.1:8080", 300, "2:1", START, p99s.size(), 0, 0, 0, totals,
				totals, new Latency(10, 20, 30, 40, 50, 12), perSecond);
		return new ScenarioResult("rolling deploy", load, steps, null, null);
	}

}
