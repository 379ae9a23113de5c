package dev.baton.loadgen.report;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import dev.baton.loadgen.LoadResult;

/**
 * One scenario of the demo: the load it ran under and what Baton did meanwhile.
 *
 * @param name the scenario, e.g. {@code rolling deploy v1 -> v2}
 * @param load the load generator's result
 * @param timeline the steps, in any order
 * @param duration how long the scenario's action took (the deploy, say); may be null
 * @param timeToRollBack from the broken release's first crash to the rollback's end; null
 * when nothing was rolled back
 */
public record ScenarioResult(String name, LoadResult load, List<TimelineEvent> timeline, Duration duration,
		Duration timeToRollBack) {

	public ScenarioResult {
		Objects.requireNonNull(name, "name is required");
		Objects.requireNonNull(load, "load is required");
		timeline = (timeline != null) ? List.copyOf(timeline) : List.of();
	}

	/**
	 * The timeline in time order, each event with its offset from the load's start.
	 * @return the events
	 */
	public List<OffsetEvent> stepsFromLoadStart() {
		return this.timeline.stream()
			.sorted((a, b) -> a.time().compareTo(b.time()))
			.map((event) -> new OffsetEvent(Duration.between(this.load.startedAt(), event.time()).toNanos() / 1e9,
					event.label()))
			.toList();
	}

	/**
	 * A timeline event placed on the load's clock.
	 *
	 * @param seconds seconds since the load started (negative when before)
	 * @param label what happened
	 */
	public record OffsetEvent(double seconds, String label) {

	}

}
