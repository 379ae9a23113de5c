package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code baton nodes} and {@code baton nodes forget} against a real broker, fed the
 * records nginx-control nodes publish on {@code nginx.events} (hand-written, with
 * heartbeats dated in the past where a node must look silent).
 */
abstract class NodesIntegrationTests {

	private static final long EVERY_2S = 2_000;

	private static final long EVERY_MINUTE = 60_000;

	private CliBench bench;

	abstract String bootstrapServers();

	@BeforeEach
	void isolateTopics() {
		this.bench = new CliBench(bootstrapServers());
	}

	@AfterEach
	void stop() {
		this.bench.close();
	}

	@Test
	void nodesListsEachNodeWithItsServicesEpochLastHeartbeatAndWhetherDeploysStillWaitForIt() {
		// Nodes meant to be live send heartbeats every minute here, so that a slow run
		// cannot make them look silent.
		Instant now = Instant.now();
		heartbeat("edge-live", now.minusSeconds(1), EVERY_MINUTE);
		heartbeat("edge-silent", now.minusSeconds(40), EVERY_2S);
		heartbeat("edge-left", now.minusSeconds(5), EVERY_2S);
		this.bench.send("nginx.events", "edge-left", left("edge-left", "stopped"));
		heartbeat("edge-gone", now.minusSeconds(90), EVERY_2S);
		this.bench.send("nginx.events", "edge-gone", forgotten("edge-gone", "alice", "host decommissioned"));
		heartbeat("edge-old", now.minus(Duration.ofMinutes(12)), EVERY_2S);
		heartbeat("edge-back", now.minusSeconds(30), EVERY_2S);
		this.bench.send("nginx.events", "edge-back", left("edge-back", "stopped"));
		heartbeat("edge-back", now.minusSeconds(1), EVERY_MINUTE);
		this.bench.send("nginx.events", "orders", "{\"type\":\"PeerApplied\",\"nodeId\":\"edge-live\"}");
		this.bench.send("nginx.events", "edge-live", "not json");

		CliBench.Result result = this.bench.baton("nodes");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.line("edge-live")).contains("orders,billing", "epoch-edge-live", "s ago").endsWith(" live");
		assertThat(result.line("edge-silent")).containsPattern("\\d+s ago +silent \\d+s, still waited for$");
		assertThat(result.line("edge-left")).endsWith(" left: stopped");
		assertThat(result.line("edge-gone")).endsWith(" forgotten by alice: host decommissioned");
		assertThat(result.line("edge-old")).containsPattern(" expired \\(silent 12m(\\d\\ds)?, expiry 10m\\)$");
		assertThat(result.line("edge-back")).endsWith(" live");
	}

	@Test
	void nodesAsJsonGivesEachNodesStateAndWhetherDeploysWaitForIt() {
		heartbeat("edge-1", Instant.now().minusSeconds(40), EVERY_2S);
		this.bench.send("nginx.events", "edge-2", left("edge-2", "nginx down: connection refused"));

		JsonNode nodes = Json.mapper().readTree(this.bench.baton("nodes", "--json").out());

		assertThat(nodes).hasSize(2);
		assertThat(nodes.get(0).path("nodeId").asString()).isEqualTo("edge-1");
		assertThat(nodes.get(0).path("state").asString()).isEqualTo("silent");
		assertThat(nodes.get(0).path("waitedFor").asBoolean()).isTrue();
		assertThat(nodes.get(1).path("state").asString()).isEqualTo("left");
		assertThat(nodes.get(1).path("waitedFor").asBoolean()).isFalse();
		assertThat(nodes.get(1).path("reason").asString()).isEqualTo("nginx down: connection refused");
	}

	@Test
	void nodesReadsNginxEventsBackOnlyOverTheExpiryPlusAMargin() {
		Instant now = Instant.now();
		this.bench.sendAt(now.minus(Duration.ofMinutes(3)), "nginx.events", "edge-recent",
				heartbeatJson("edge-recent", now.minus(Duration.ofMinutes(3)), EVERY_2S));
		this.bench.sendAt(now.minus(Duration.ofMinutes(7)), "nginx.events", "edge-ancient",
				heartbeatJson("edge-ancient", now.minus(Duration.ofMinutes(7)), EVERY_2S));

		CliBench.Result result = this.bench.baton("nodes", "--expiry", "1m");

		assertThat(result.line("edge-recent")).contains("expired (silent 3m");
		assertThat(result.out()).doesNotContain("edge-ancient");
	}

	@Test
	void forgetPublishesNodeForgottenKeyedByTheNodeAndNodesThenShowsItForgotten() {
		heartbeat("edge-2", Instant.now().minusSeconds(40), EVERY_2S);

		CliBench.Result result = this.bench.baton("nodes", "forget", "edge-2", "--reason", "VM deleted", "--by",
				"alice");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("Published NodeForgotten for edge-2", "was silent ", "by alice: VM deleted",
				"Deploys no longer wait for edge-2");
		ConsumerRecord<String, String> published = this.bench.readAll("nginx.events").get(1);
		JsonNode forgotten = Json.mapper().readTree(published.value());
		assertThat(published.key()).isEqualTo("edge-2");
		assertThat(forgotten.path("type").asString()).isEqualTo("NodeForgotten");
		assertThat(forgotten.path("nodeId").asString()).isEqualTo("edge-2");
		assertThat(forgotten.path("requestedBy").asString()).isEqualTo("alice");
		assertThat(forgotten.path("reason").asString()).isEqualTo("VM deleted");
		assertThat(Instant.parse(forgotten.path("at").asString())).isBefore(Instant.now().plusSeconds(1));
		assertThat(this.bench.baton("nodes").line("edge-2")).endsWith("forgotten by alice: VM deleted");
	}

	@Test
	void forgetRefusesANodeNotSeenLatelyAndPublishesNothing() {
		heartbeat("edge-1", Instant.now(), EVERY_2S);

		CliBench.Result result = this.bench.baton("nodes", "forget", "edge-9");

		assertThat(result.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(result.err()).contains("no node edge-9 on " + this.bench.topic("nginx.events"), "nothing published");
		assertThat(this.bench.readAll("nginx.events")).hasSize(1);
	}

	@Test
	void forgetRefusesAnInvalidNodeIdAndPublishesNothing() {
		heartbeat("edge-1", Instant.now(), EVERY_2S);

		CliBench.Result result = this.bench.baton("nodes", "forget", "edge-1;reboot");

		assertThat(result.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(result.err()).contains("node id must match");
		assertThat(this.bench.readAll("nginx.events")).hasSize(1);
	}

	@Test
	void everySubcommandOfNodesHasHelpNamingTheStatesAndForget() {
		CliBench.Result nodes = this.bench.baton("nodes", "--help");
		CliBench.Result forget = this.bench.baton("nodes", "forget", "--help");

		assertThat(nodes.code()).isEqualTo(ExitCode.OK);
		assertThat(nodes.out()).contains("live", "silent", "left", "forgotten", "expired", "--expiry", "forget");
		assertThat(forget.code()).isEqualTo(ExitCode.OK);
		assertThat(forget.out()).contains("NODE", "--reason", "--by", "NodeForgotten");
	}

	private void heartbeat(String node, Instant at, long intervalMillis) {
		this.bench.send("nginx.events", node, heartbeatJson(node, at, intervalMillis));
	}

	private static String heartbeatJson(String node, Instant at, long intervalMillis) {
		return "{\"type\":\"NodeHeartbeat\",\"nodeId\":\"" + node + "\",\"epoch\":\"epoch-" + node
				+ "\",\"services\":[\"orders\",\"billing\"],\"intervalMillis\":" + intervalMillis + ",\"at\":\"" + at
				+ "\"}";
	}

	private static String left(String node, String reason) {
		return "{\"type\":\"NodeLeft\",\"nodeId\":\"" + node + "\",\"reason\":\"" + reason + "\",\"at\":\""
				+ Instant.now() + "\"}";
	}

	private static String forgotten(String node, String by, String reason) {
		return "{\"type\":\"NodeForgotten\",\"nodeId\":\"" + node + "\",\"requestedBy\":\"" + by + "\",\"reason\":\""
				+ reason + "\",\"at\":\"" + Instant.now() + "\"}";
	}

}
