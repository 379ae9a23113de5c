package dev.baton.cli;

import java.io.PrintWriter;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The status as a table a person reads at a glance, then a line for each instance a
 * failed deploy kept out of rotation, since it stays out until someone acts, for each one
 * the registry keeps out because of the version it reports, and for each service being
 * deployed, how its deploy stands.
 */
final class StatusTable {

	/** The row's format, with the VERSION column's width left to fill in. */
	private static final String ROW = "%%-22s %%-10s %%-21s %%-%ds %%-11s %%-22s %%-24s %%s%%n";

	private StatusTable() {
	}

	/**
	 * @param deploys how each service's running deploy stands, one line each
	 */
	static void print(PrintWriter out, List<ObjectNode> instances, List<String> deploys) {
		int versionWidth = instances.stream().mapToInt((instance) -> version(instance).length()).max().orElse(0);
		String row = String.format(ROW, Math.max(versionWidth, 8));
		out.printf(row, "INSTANCE", "SERVICE", "ENDPOINT", "VERSION", "LIFECYCLE", "GATES A/H/D", "HEALTH", "NGINX");
		for (ObjectNode instance : instances) {
			JsonNode health = instance.path("lastHealth");
			String healthText = health.isMissingNode() || health.isNull() ? "-"
					: health.path("status").asString() + " " + health.path("version").asString("");
			out.printf(row, instance.path("instanceId").asString(), instance.path("service").asString(),
					instance.path("host").asString() + ":" + instance.path("port").asInt(), version(instance),
					instance.path("lifecycle").asString(), gates(instance), healthText.trim(),
					nodes(instance.path("nodes")));
		}
		instances.stream().filter((instance) -> instance.has("keptOut")).forEach((instance) -> keptOut(out, instance));
		instances.stream()
			.filter((instance) -> !refusal(instance).isEmpty())
			.forEach((instance) -> out.printf("%s kept out of rotation (HEALTH gate held closed) by the registry: %s%n",
					instance.path("instanceId").asString(), refusal(instance)));
		instances.stream()
			.filter((instance) -> instance.has("replaces"))
			.forEach((instance) -> out.printf("%s replaced %s (surge deploy %s)%n",
					instance.path("instanceId").asString(), instance.path("replaces").path("instanceId").asString(),
					instance.path("replaces").path("deployId").asString()));
		deploys.forEach((description) -> out.printf("D%s%n", description.substring(1)));
	}

	/**
	 * The version the instance runs, and the one it registered with when that differs: an
	 * app a deploy restarts need not register again.
	 */
	private static String version(JsonNode instance) {
		String running = instance.path("version").asString();
		String registered = instance.path("registeredVersion").asString(running);
		return registered.equals(running) ? running : running + " (registered " + registered + ")";
	}

	private static void keptOut(PrintWriter out, JsonNode instance) {
		JsonNode keptOut = instance.path("keptOut");
		String gateReason = instance.path("deployGateReason").asString("");
		out.printf("%s kept out of rotation (DEPLOY gate left closed) since deploy %s failed: %s%s%n",
				instance.path("instanceId").asString(), keptOut.path("deployId").asString(),
				keptOut.path("reason").asString(), gateReason.isBlank() ? "" : " (gate: " + gateReason + ")");
	}

	private static String gates(JsonNode instance) {
		boolean admin = "ONLINE".equals(instance.path("lifecycle").asString());
		boolean health = "HEALTHY".equals(instance.path("lastHealth").path("status").asString())
				&& refusal(instance).isEmpty();
		String weight = instance.has("deployGateWeight") ? " w" + instance.path("deployGateWeight").asInt() : "";
		return mark(admin) + "/" + mark(health) + "/"
				+ ("open".equals(instance.path("deployGate").asString()) ? "open" + weight : "CLOSED");
	}

	/**
	 * Why the registry refuses the version the instance reports; empty if it does not.
	 */
	private static String refusal(JsonNode instance) {
		return instance.path("versionRefusal").asString("");
	}

	private static String mark(boolean open) {
		return open ? "open" : "closed";
	}

	private static String nodes(JsonNode nodes) {
		if (nodes.isMissingNode() || nodes.isEmpty()) {
			return "-";
		}
		StringBuilder text = new StringBuilder();
		nodes.properties()
			.forEach((entry) -> text.append(entry.getKey())
				.append(": ")
				.append(entry.getValue().asString())
				.append("; "));
		return text.substring(0, text.length() - 2);
	}

}
