package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fleet as Kafka records it: every instance's lifecycle, version (the one it runs and
 * the one it registered with) and health from {@code registry.state}, its gates from
 * {@code nginx.commands}, and every nginx node's view of it (see {@link PeerViews}) from
 * {@code nginx.events} over the node expiry plus a margin. An instance whose DEPLOY gate
 * a failed deploy left closed is shown as kept out of rotation, with the failure's
 * reason, and one whose version the registry refuses with the registry's reason.
 */
@Command(name = "status", description = { "Instances with lifecycle, gates, version, health and nginx nodes' view.",
		"VERSION is the version an instance runs, as its latest HEALTHY verdict on a version the registry accepts "
				+ "reported it, and the one it registered with when they differ, as v2 (registered v1); --json gives "
				+ "them as version and registeredVersion.",
		"NGINX gives, for every nginx node deploys wait for (heard of within --expiry plus 5m, not left, forgotten"
				+ " or expired), its view of the instance: as its latest heartbeat holds it (up, up w22 for a canary's"
				+ " share, down, not in its upstream), or what it answered since (draining, 2 in flight; drained in"
				+ " N ms; drain timed out, N in flight), which also stands while its heartbeat says the instance is"
				+ " down; --json gives it as nodes.",
		"An instance a failed deploy kept out of rotation (its DEPLOY gate left closed) is named below the table "
				+ "with the failure's reason; --json gives it as keptOut, and a closed gate's reason as "
				+ "deployGateReason.",
		"An instance a surge deploy started in place of another is named below the table with the one it replaced;"
				+ " --json gives it as replaces.",
		"An instance the registry keeps out of rotation because its service does not expect the version it reports"
				+ " (its HEALTH gate held closed) is named below the table with the reason; --json gives it as"
				+ " versionRefusal.",
		"A service being deployed is named below the table with how its deploy stands (running, baking, a canary"
				+ " at its weight, paused by whom, cancelling, rolling back); --json gives it as deploy on each of its"
				+ " instances, and a canary's DEPLOY gate weight as deployGateWeight." })
class StatusCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Mixin
	private NodeExpiry expiry;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", arity = "0..1", description = "only this service")
	private String service;

	@Option(names = "--json", description = "print JSON")
	private boolean json;

	@Override
	public Integer call() {
		Map<String, ObjectNode> instances = new TreeMap<>();
		List<String> deploys = new ArrayList<>();
		try (Kafka kafka = new Kafka(this.connection)) {
			CompactedState.of(kafka.readToEnd("registry.state", null)).values().forEach((entry) -> {
				ObjectNode snapshot = entry.value();
				if (!"DEREGISTERED".equals(snapshot.path("lifecycle").asString())
						&& (this.service == null || this.service.equals(snapshot.path("service").asString()))) {
					instances.put(PeerViews.key(snapshot), snapshot.put("deployGate", "open"));
				}
			});
			markDeployGates(kafka, instances);
			List<ConsumerRecord<String, String>> steps = kafka.readToEnd("deploy.steps", null);
			markReplacements(steps, instances);
			DeployHistory history = DeployHistory.of(steps);
			markRunningDeploys(history, instances);
			history.running()
				.forEach((name, deploy) -> deploys.addAll(
						(this.service == null || this.service.equals(name)) ? List.of(deploy.describe()) : List.of()));
			PeerViews views = PeerViews.read(kafka, this.expiry.get(), Instant.now());
			instances.values().forEach((instance) -> {
				Map<String, String> nodes = views.of(instance);
				if (!nodes.isEmpty()) {
					ObjectNode json = instance.putObject("nodes");
					nodes.forEach(json::put);
				}
			});
		}
		PrintWriter out = this.spec.commandLine().getOut();
		if (this.json) {
			out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(instances.values()));
		}
		else {
			StatusTable.print(out, new ArrayList<>(instances.values()), deploys);
		}
		return ExitCode.OK;
	}

	/**
	 * Sets each instance's {@code deployGate} (and the reason of a closed one) from its
	 * latest DEPLOY command, then says which closed ones a failed deploy kept out.
	 */
	private static void markDeployGates(Kafka kafka, Map<String, ObjectNode> instances) {
		Map<String, ObjectNode> closed = new HashMap<>();
		Instant oldestClose = Instant.MAX;
		for (Map.Entry<String, CompactedState.Entry> gate : CompactedState.of(kafka.readToEnd("nginx.commands", null))
			.entrySet()) {
			String key = gate.getKey();
			ObjectNode instance = key.endsWith("/DEPLOY") ? instances.get(key.substring(0, key.lastIndexOf('/')))
					: null;
			if (instance == null) {
				continue;
			}
			JsonNode command = gate.getValue().value();
			boolean open = command.path("open").asBoolean();
			instance.put("deployGate", open ? "open" : "closed");
			if (open && command.path("weight").asInt(100) < 100) {
				instance.put("deployGateWeight", command.path("weight").asInt());
			}
			if (!open) {
				instance.put("deployGateReason", command.path("reason").asString(""));
				closed.put(instance.path("instanceId").asString(), instance);
				Instant closedAt = gate.getValue().writtenAt();
				oldestClose = closedAt.isBefore(oldestClose) ? closedAt : oldestClose;
			}
		}
		KeptOutInstances.mark(kafka, closed, oldestClose);
	}

	/**
	 * Sets {@code replaces} ({@code instanceId}, {@code deployId}) on each instance a
	 * surge deploy started in place of another.
	 */
	private static void markReplacements(List<ConsumerRecord<String, String>> steps,
			Map<String, ObjectNode> instances) {
		Map<String, ObjectNode> byId = new HashMap<>();
		instances.values().forEach((instance) -> byId.put(instance.path("instanceId").asString(), instance));
		for (ConsumerRecord<String, String> record : steps) {
			JsonNode step = Kafka.json(record);
			ObjectNode replacement = (step != null && "InstanceReplaced".equals(step.path("type").asString()))
					? byId.get(step.path("replacedBy").asString()) : null;
			if (replacement != null) {
				replacement.putObject("replaces")
					.put("instanceId", step.path("instanceId").asString())
					.put("deployId", step.path("deployId").asString());
			}
		}
	}

	/**
	 * Sets {@code deploy} ({@code deployId}, {@code version}, {@code state},
	 * {@code description}) on each instance of a service being deployed.
	 */
	private static void markRunningDeploys(DeployHistory history, Map<String, ObjectNode> instances) {
		instances.values()
			.forEach((instance) -> history.running(instance.path("service").asString())
				.ifPresent((deploy) -> instance.putObject("deploy")
					.put("deployId", deploy.deployId())
					.put("version", deploy.version())
					.put("state", deploy.state())
					.put("description", deploy.describe())));
	}

}
