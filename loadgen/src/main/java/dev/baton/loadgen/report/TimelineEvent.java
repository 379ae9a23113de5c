package dev.baton.loadgen.report;

import java.time.Instant;
import java.util.Objects;

/**
 * A moment worth marking on a scenario's chart, such as a deploy step from
 * {@code deploy.steps}.
 *
 * @param time when it happened (wall clock)
 * @param label what happened, e.g. {@code InstanceDrained sample-1}
 */
public record TimelineEvent(Instant time, String label) {

	public TimelineEvent {
		Objects.requireNonNull(time, "time is required");
		label = (label != null) ? label : "";
	}

}
