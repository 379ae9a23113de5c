package dev.baton.cli;

import tools.jackson.databind.JsonNode;

/**
 * What one nginx node last said about a peer, in a few words.
 */
final class NodeView {

	private NodeView() {
	}

	static String describe(JsonNode event) {
		return switch (event.path("type").asString()) {
			case "PeerApplied" -> event.path("up").asBoolean() ? "up" : "draining";
			case "PeerDrained" -> "drained in " + event.path("drainMillis").asLong() + " ms";
			case "PeerDrainTimedOut" -> "drain timed out, " + event.path("inFlight").asLong() + " in flight";
			case "CommandRejected" -> "rejected: " + event.path("reason").asString();
			default -> event.path("type").asString();
		};
	}

}
