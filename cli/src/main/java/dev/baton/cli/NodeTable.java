package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;

/**
 * The nodes as a table a person reads at a glance.
 */
final class NodeTable {

	private static final String ROW = "%-20s %-24s %-26s %-15s %s%n";

	private NodeTable() {
	}

	static void print(PrintWriter out, Collection<KnownNode> nodes, Instant now, Duration expiry) {
		out.printf(ROW, "NODE", "SERVICES", "EPOCH", "LAST HEARTBEAT", "STATE");
		for (KnownNode node : nodes) {
			out.printf(ROW, node.nodeId(), node.services().isEmpty() ? "-" : String.join(",", node.services()),
					node.epoch().isEmpty() ? "-" : node.epoch(),
					(node.lastHeartbeat() != null) ? Durations.brief(node.silence(now)) + " ago" : "-",
					node.describe(now, expiry));
		}
	}

}
