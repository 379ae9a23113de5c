package dev.baton.cli;

import tools.jackson.databind.JsonNode;

/**
 * What one nginx node last said about a peer, in a few words. A node's events about one
 * service share a partition, so they are read newest last: each replaces the one before,
 * except that an in-flight report of a draining peer stands until a newer report or the
 * drain's answer (drained, timed out) supersedes it, whatever other gates did meanwhile.
 * A node's heartbeat says how it holds each peer (up, at a weight, or down).
 */
final class NodeView {

	private static final String DRAINING_WITH_COUNT = "draining, ";

	private NodeView() {
	}

	/**
	 * Whether an event replaces what is shown for a node.
	 * @param event the node's newer event about the peer
	 * @param shown what is shown now, or null
	 * @return false only for a gate answer arriving while a drain's in-flight count is
	 * shown
	 */
	static boolean replaces(JsonNode event, String shown) {
		boolean inFlightShown = shown != null && shown.startsWith(DRAINING_WITH_COUNT);
		return !inFlightShown || !"PeerApplied".equals(event.path("type").asString());
	}

	/**
	 * Whether an answer says its peer is out of rotation on its node, in more words than
	 * a heartbeat's {@code down}.
	 * @param event an answer about a peer
	 * @return true for a drain's reports and answers, and a gate applied with the peer
	 * down
	 */
	static boolean outOfRotation(JsonNode event) {
		return switch (event.path("type").asString()) {
			case "PeerApplied" -> !event.path("up").asBoolean();
			case "PeerDraining", "PeerDrained", "PeerDrainTimedOut" -> true;
			default -> false;
		};
	}

	/**
	 * A peer as a node's heartbeat holds it.
	 * @param peer one of the heartbeat's peers
	 * @return {@code up}, {@code up w22} for a canary's share, or {@code down}
	 */
	static String describeHeld(JsonNode peer) {
		if (!peer.path("up").asBoolean()) {
			return "down";
		}
		int weight = peer.path("weight").asInt(100);
		return (weight < 100) ? "up w" + weight : "up";
	}

	static String describe(JsonNode event) {
		return switch (event.path("type").asString()) {
			case "PeerApplied" -> event.path("up").asBoolean() ? "up" : "draining";
			case "PeerDraining" -> DRAINING_WITH_COUNT + event.path("inFlight").asLong() + " in flight";
			case "PeerDrained" -> "drained in " + event.path("drainMillis").asLong() + " ms";
			case "PeerDrainTimedOut" -> "drain timed out, " + event.path("inFlight").asLong() + " in flight";
			case "CommandRejected" -> "rejected: " + event.path("reason").asString();
			default -> event.path("type").asString();
		};
	}

}
