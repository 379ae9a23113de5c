package dev.baton.demo;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.baton.loadgen.LoadResult.SecondSample;
import dev.baton.loadgen.report.ScenarioResult;
import dev.baton.loadgen.report.ScenarioResult.OffsetEvent;

/**
 * Where a rolling deploy's slow seconds fall: while an instance is out (drained until its
 * gates open again, its JVM starting beside the one peer left serving everything), while
 * a restarted instance takes traffic again (its gates open until the next drain, where
 * slow start ramps), or outside the deploy. Slow start can only shorten the second kind;
 * the split says which one a deploy's p99 comes from.
 */
final class DeployTail {

	enum Phase {

		OUT("an instance out"), BACK("a restarted instance back"), OUTSIDE("outside the deploy");

		private final String label;

		Phase(String label) {
			this.label = label;
		}

	}

	private final Map<Phase, List<SecondSample>> seconds = new EnumMap<>(Phase.class);

	private DeployTail(ScenarioResult deploy) {
		for (Phase phase : Phase.values()) {
			this.seconds.put(phase, new ArrayList<>());
		}
		List<OffsetEvent> steps = deploy.stepsFromLoadStart();
		for (SecondSample second : deploy.load().perSecond()) {
			this.seconds.get(phaseAt(steps, second.second() + 0.5)).add(second);
		}
	}

	static DeployTail of(ScenarioResult deploy) {
		return new DeployTail(deploy);
	}

	/**
	 * The phase at a point of the load's clock: the last drain or gate opening before it,
	 * and nothing once the deploy has ended.
	 */
	private static Phase phaseAt(List<OffsetEvent> steps, double at) {
		Phase phase = Phase.OUTSIDE;
		for (OffsetEvent step : steps) {
			if (step.seconds() > at) {
				break;
			}
			if (step.label().startsWith("InstanceDrained ")) {
				phase = Phase.OUT;
			}
			else if (step.label().startsWith("InstanceEnabled ")) {
				phase = Phase.BACK;
			}
			else if (step.label().startsWith("DeploySucceeded") || step.label().startsWith("DeployFailed")) {
				phase = Phase.OUTSIDE;
			}
		}
		return phase;
	}

	/**
	 * @param limit the p99 a second must exceed to count as slow, in ms
	 * @return per phase, its worst second's p99 and how many of its seconds exceeded the
	 * limit
	 */
	String describe(double limit) {
		return this.seconds.entrySet()
			.stream()
			.filter((entry) -> !entry.getValue().isEmpty())
			.map((entry) -> String.format(Locale.ROOT, "%s %.1f ms (%d of %d s over %.1f ms)", entry.getKey().label,
					entry.getValue().stream().mapToDouble(SecondSample::p99).max().orElse(0),
					entry.getValue().stream().filter((second) -> second.p99() > limit).count(), entry.getValue().size(),
					limit))
			.collect(Collectors.joining(", "));
	}

}
