package dev.baton.cli;

import java.time.Duration;
import java.util.Locale;

import tools.jackson.databind.JsonNode;

/**
 * The words for a deploy's bakes and canary: how long a bake lasts and the canary's share
 * at its weight, and the figures its promotion was decided on.
 */
final class CanarySteps {

	private CanarySteps() {
	}

	static void describe(StringBuilder line, JsonNode step) {
		String type = StepFollower.text(step, "type");
		long bake = step.path("bakeMillis").asLong(0);
		if (("BakeStarted".equals(type) || "DeployPlanned".equals(type) || "DeployStarted".equals(type)) && bake > 0) {
			line.append(" bake ").append(Durations.brief(Duration.ofMillis(bake)));
		}
		JsonNode share = step.path("canary");
		if (share.isObject() && share.has("weight")) {
			line.append(String.format(Locale.ROOT, " canary %d%% at weight %d beside %d full peer(s)",
					share.path("percent").asInt(), share.path("weight").asInt(), share.path("fullPeers").asInt()));
		}
		else if (step.path("canaryPercent").asInt(0) > 0) {
			line.append(" canary ").append(step.path("canaryPercent").asInt()).append('%');
		}
		if ("CanaryPromoted".equals(type)) {
			line.append(": canary ")
				.append(figures(step.path("canary")))
				.append("; old version ")
				.append(figures(step.path("baseline")));
		}
	}

	private static String figures(JsonNode figures) {
		long requests = figures.path("requests").asLong() + figures.path("connectFailures").asLong();
		long failed = figures.path("serverErrors").asLong() + figures.path("connectFailures").asLong();
		return String.format(Locale.ROOT, "%.1f%% errors (%d of %d), p99 %d ms",
				(requests == 0) ? 0.0 : 100.0 * failed / requests, failed, requests,
				figures.path("p99Millis").asLong());
	}

}
