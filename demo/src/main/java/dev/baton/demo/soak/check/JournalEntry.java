package dev.baton.demo.soak.check;

import java.util.Map;
import java.util.TreeMap;

import tools.jackson.databind.JsonNode;

/**
 * One deploy as the soak's journal tells it: what the harness asked and did, never what
 * Baton said of it.
 *
 * @param number its place in the soak
 * @param deployId its id
 * @param kind what was deployed
 * @param mustFail whether it was a broken release
 * @param requestedAt when it was asked for, milliseconds since the epoch
 * @param boundMillis how long it had to end
 * @param requests its request log's file name
 * @param connections its connection log's file name
 * @param fault the fault's kind
 * @param faultLabel the fault as the table says it
 * @param faultDone whether the fault was done
 * @param faultAt when
 * @param killedInstance for an instance kill, the instance's address
 * @param versions each peer's address and the version it reported afterwards
 * @param refused why the {@code baton} command did not ask for it; null when it did
 * @param repaired whether the harness had to repair the stack afterwards
 */
record JournalEntry(int number, String deployId, String kind, boolean mustFail, long requestedAt, long boundMillis,
		String requests, String connections, String fault, String faultLabel, boolean faultDone, long faultAt,
		String killedInstance, Map<String, String> versions, String refused, boolean repaired) {

	static JournalEntry of(JsonNode line) {
		JsonNode fault = line.path("fault");
		Map<String, String> versions = new TreeMap<>();
		line.path("versions")
			.properties()
			.forEach((entry) -> versions.put(entry.getKey(), entry.getValue().asString()));
		return new JournalEntry(line.path("number").asInt(), line.path("deployId").asString(),
				line.path("kind").asString(), line.path("mustFail").asBoolean(), line.path("requestedAt").asLong(),
				line.path("boundMillis").asLong(), line.path("requests").asString(),
				line.path("connections").asString(""), fault.path("kind").asString(), fault.path("label").asString(),
				fault.path("done").asBoolean(), fault.path("at").asLong(),
				fault.path("instance").isNull() ? null : fault.path("instance").asString(null), versions,
				line.path("refused").isTextual() ? line.path("refused").asString() : null,
				line.path("repaired").asBoolean());
	}

	boolean faultIs(String kind) {
		return this.faultDone && this.fault.equals(kind);
	}

	/**
	 * Whether a long-lived connection's failure is one of the deploy's kills: on an nginx
	 * worker's connections in the second after it was killed, or on the killed instance.
	 * @param connection the connection
	 * @return true when the kill cut it
	 */
	boolean cutByKill(LongLivedConnection connection) {
		boolean soon = connection.closedAt() >= this.faultAt && connection.closedAt() <= this.faultAt + 1000;
		return connection.cut() && soon && (faultIs("KILL_NGINX_WORKER") || (faultIs("KILL_VERIFIED_INSTANCE")
				&& this.killedInstance != null && this.killedInstance.endsWith(":" + connection.port())));
	}

}
