package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.NodeForgotten;

/**
 * Removes a node from the set deploys wait for, by publishing {@code NodeForgotten} where
 * nodes announce themselves. Only a node heard of lately can be forgotten, so a typo
 * cannot put an event about a node that never existed on record.
 */
@Command(name = "forget",
		description = { "Stop deploys waiting for NODE: publishes NodeForgotten on nginx.events.",
				"For a node that died with its nginx, or was taken away without a clean stop: deploys otherwise "
						+ "wait for it until their drain timeout, then fail naming it. A later heartbeat from the node "
						+ "brings it back. Refused (exit 2) for an invalid id or a node not heard of within "
						+ "--expiry plus 5m." })
class ForgetNodeCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Mixin
	private NodeExpiry expiry;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", paramLabel = "NODE", description = "the node id, as `baton nodes` lists it")
	private String node;

	@Option(names = "--reason", defaultValue = "", description = "why, for the audit trail")
	private String reason;

	@Option(names = "--by", description = "who asks (default: $USER)")
	private String by;

	@Override
	public Integer call() {
		NodeId nodeId = NodeId.of(this.node);
		Instant now = Instant.now();
		try (Kafka kafka = new Kafka(this.connection)) {
			KnownNode known = NodeRoster.read(kafka, this.expiry.get(), now).find(nodeId.value());
			if (known == null) {
				this.spec.commandLine()
					.getErr()
					.printf("baton: no node %s on %s in the last %s; nothing published%n", nodeId,
							kafka.topic("nginx.events"), Durations.brief(NodeRoster.lookBack(this.expiry.get())));
				return ExitCode.REJECTED;
			}
			NodeForgotten forgotten = new NodeForgotten(nodeId, Requester.orCurrentUser(this.by), this.reason, now);
			kafka.send("nginx.events", nodeId.value(), forgotten);
			PrintWriter out = this.spec.commandLine().getOut();
			out.printf("Published NodeForgotten for %s (was %s) by %s%s%n", nodeId,
					known.describe(now, this.expiry.get()), forgotten.requestedBy(),
					forgotten.reason().isBlank() ? "" : ": " + forgotten.reason());
			if (known.state(now, this.expiry.get()) == NodeState.LIVE) {
				out.printf("Note: %s is live; its next heartbeat brings it back.%n", nodeId);
			}
			else {
				out.printf("Deploys no longer wait for %s until it sends a heartbeat again.%n", nodeId);
			}
		}
		return ExitCode.OK;
	}

}
