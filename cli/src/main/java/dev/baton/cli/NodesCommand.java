package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.node.ObjectNode;

/**
 * The nginx nodes deploys wait for, and those they no longer wait for and why: an
 * operator looks here before forgetting a node that died with its nginx.
 */
@Command(name = "nodes", subcommands = ForgetNodeCommand.class,
		description = { "nginx nodes and whether deploys wait for their answers.",
				"Each node heard of on nginx.events within the expiry plus 5m, with the services it serves, its epoch, "
						+ "its last heartbeat and its state: live; silent (no heartbeat for 3 of its intervals, "
						+ "still waited for); left (it said so); forgotten (by an operator, with baton nodes forget); "
						+ "expired (silent longer than --expiry). A heartbeat after leaving or being forgotten makes "
						+ "a node live again." })
class NodesCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Mixin
	private NodeExpiry expiry;

	@Spec
	private CommandSpec spec;

	@Option(names = "--json", description = "print JSON")
	private boolean json;

	@Override
	public Integer call() {
		Instant now = Instant.now();
		NodeRoster roster;
		try (Kafka kafka = new Kafka(this.connection)) {
			roster = NodeRoster.read(kafka, this.expiry.get(), now);
		}
		PrintWriter out = this.spec.commandLine().getOut();
		if (this.json) {
			List<ObjectNode> nodes = new ArrayList<>();
			roster.nodes().forEach((node) -> nodes.add(json(node, now, this.expiry.get())));
			out.println(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(nodes));
		}
		else if (roster.nodes().isEmpty()) {
			out.printf("No nginx node heard of in the last %s%n",
					Durations.brief(NodeRoster.lookBack(this.expiry.get())));
		}
		else {
			NodeTable.print(out, roster.nodes(), now, this.expiry.get());
		}
		return ExitCode.OK;
	}

	private static ObjectNode json(KnownNode node, Instant now, Duration expiry) {
		ObjectNode json = Json.mapper().createObjectNode();
		json.put("nodeId", node.nodeId());
		node.services().forEach(json.putArray("services")::add);
		json.put("epoch", node.epoch());
		json.put("lastHeartbeat", (node.lastHeartbeat() != null) ? node.lastHeartbeat().toString() : null);
		json.put("silentMillis", node.silence(now).toMillis());
		json.put("state", node.state(now, expiry).label());
		json.put("waitedFor", node.state(now, expiry).waitedFor());
		json.put("description", node.describe(now, expiry));
		if (node.departure() != null) {
			json.put("by", node.departure().by());
			json.put("reason", node.departure().reason());
			json.put("departedAt", node.departure().at().toString());
		}
		return json;
	}

}
