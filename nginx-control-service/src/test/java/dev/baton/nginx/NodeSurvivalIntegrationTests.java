package dev.baton.nginx;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.kafka.testing.FreePorts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.awaitility.Awaitility.await;

/**
 * A node that is killed, fails to start or stops, against a real nginx and a real broker:
 * nginx keeps serving through a node's kill -9 and is adopted by its restart, which
 * answers what it missed; a failed start leaves no nginx behind; a node says it left only
 * when its nginx stopped with it. Subclasses choose the broker.
 */
abstract class NodeSurvivalIntegrationTests extends NodeWorldTests {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private static final Duration BACK_WITHIN = Duration.ofSeconds(10);

	@Test
	void nodeKilledUnderLoadIsAdoptedByItsRestartWhichAnswersWhatItMissedAndNewCommandsWithinTenSeconds()
			throws Exception {
		UpstreamServer a = closeLater(new UpstreamServer());
		UpstreamServer b = closeLater(new UpstreamServer());
		UpstreamServer c = closeLater(new UpstreamServer());
		RunningNode.Arguments arguments = RunningNode.Arguments.of(bootstrapServers(), this.world.prefix(), "node-a",
				"managed", List.of("orders"));
		NodeProcess node = closeLater(new NodeProcess("node-a", arguments));
		node.start();
		this.topics.up("orders", a.endpoint());
		this.topics.up("orders", b.endpoint());
		await().atMost(WAIT)
			.ignoreExceptions()
			.until(() -> peers(arguments).equals(Map.of(a.endpoint(), true, b.endpoint(), true)));
		List<Long> masters = NginxProcesses.masters(arguments.workingDirectory());
		assertThat(masters).hasSize(1);
		LoopingClients load = closeLater(new LoopingClients(arguments.listenPorts().get("orders"), 4));
		awaitMoreRequests(load, 200);

		node.kill();
		String closedWhileDead = this.topics.gate("orders", a.endpoint(), "DEPLOY", false);
		awaitMoreRequests(load, 200);
		node.start();
		node.awaitOutput("rebuilt its desired state");
		Instant published = Instant.now();
		String newCommand = this.topics.gate("orders", c.endpoint(), "ADMIN", true);

		JsonNode applied = await().atMost(WAIT)
			.until(() -> this.topics.answer("PeerApplied", newCommand, "node-a").orElse(null),
					(event) -> event != null);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrained", closedWhileDead, "node-a").isPresent());
		awaitMoreRequests(load, 200);
		load.close();

		// nginx kept first: a restart that failed to adopt it (and stopped it) closes the
		// clients' idle connections, which the load then reports as lost POSTs.
		assertThat(NginxProcesses.masters(arguments.workingDirectory())).as("nginx masters after the restart")
			.isEqualTo(masters);
		assertThat(node.output()).contains("Adopted nginx (master pid " + masters.get(0) + ")");
		assertNoneFailed(load, arguments.workingDirectory());
		// A consumer group would keep the killed node's partitions for its session
		// (45 s by default) after the restarted node is ready.
		Instant answered = Instant.parse(applied.get("at").asString());
		assertThat(answered)
			.as("new command answered, %s after the node's process started", Duration.between(node.started(), answered))
			.isBefore(published.plus(BACK_WITHIN));
		assertThat(peers(arguments)).containsEntry(a.endpoint(), false).containsEntry(c.endpoint(), false);
	}

	@Test
	void nodeStoppedCleanlyWithNginxKeptLeavesItServingAndItsNextStartAdoptsIt() throws Exception {
		UpstreamServer a = closeLater(new UpstreamServer());
		UpstreamServer b = closeLater(new UpstreamServer());
		RunningNode.Arguments arguments = RunningNode.Arguments.of(bootstrapServers(), this.world.prefix(), "node-a",
				"managed", List.of("orders"), "baton.nginx-control.nginx.on-stop=keep");
		NodeProcess node = closeLater(new NodeProcess("node-a", arguments));
		node.start();
		this.topics.up("orders", a.endpoint());
		await().atMost(WAIT).ignoreExceptions().until(() -> peers(arguments).equals(Map.of(a.endpoint(), true)));
		List<Long> masters = NginxProcesses.masters(arguments.workingDirectory());
		LoopingClients load = closeLater(new LoopingClients(arguments.listenPorts().get("orders"), 4));
		awaitMoreRequests(load, 200);

		node.stop();
		awaitMoreRequests(load, 200);
		assertThat(NginxProcesses.masters(arguments.workingDirectory())).as("nginx masters while no node runs")
			.isEqualTo(masters);
		node.start();
		node.awaitOutput("rebuilt its desired state");
		this.topics.up("orders", b.endpoint());
		await().atMost(WAIT)
			.ignoreExceptions()
			.until(() -> peers(arguments).equals(Map.of(a.endpoint(), true, b.endpoint(), true)));
		awaitMoreRequests(load, 200);
		load.close();

		assertThat(load.failures()).as("requests failed through nginx").isEmpty();
		assertThat(node.output()).contains("Adopted nginx (master pid " + masters.get(0) + ")");
		assertThat(this.topics.events()).as("NodeLeft of a node whose nginx kept serving")
			.noneMatch((event) -> "NodeLeft".equals(event.get("type").asString()));
	}

	@Test
	void managedStartThatFailsLeavesNoNginxHoldingItsPorts() throws Exception {
		Path work;
		int taken = FreePorts.next();
		try (ServerSocket webPortTaken = new ServerSocket(taken, 1, InetAddress.getLoopbackAddress())) {
			RunningNode.Arguments arguments = RunningNode.Arguments.of(bootstrapServers(), this.world.prefix(),
					"node-a", "managed", List.of("orders"), "server.port=" + taken);
			work = arguments.workingDirectory();
			AutoCloseable cleanUp = () -> NginxProcesses.killAll(arguments.workingDirectory());
			closeLater(cleanUp);

			assertThatException().isThrownBy(() -> RunningNode.start(bootstrapServers(), this.world.prefix(), "node-a",
					"managed", List.of("orders"), "server.port=" + taken));

			assertThat(work.resolve("logs/error.log")).as("written by the nginx the node started").exists();
		}
		assertThat(NginxProcesses.naming(work)).as("nginx processes left by the failed start").isEmpty();
	}

	@Test
	void managedStartWhoseControlEndpointRefusesLeavesNoNginxHoldingItsPorts() throws Exception {
		int port = FreePorts.next();
		// The route's server, first on the shared port, answers the control requests:
		// 502.
		String[] sharedPort = { "baton.nginx-control.control.address=127.0.0.1:" + port,
				"baton.nginx-control.routes.orders.listen=127.0.0.1:" + port };
		Path work = RunningNode.Arguments
			.of(bootstrapServers(), this.world.prefix(), "node-a", "managed", List.of("orders"), sharedPort)
			.workingDirectory();
		AutoCloseable cleanUp = () -> NginxProcesses.killAll(work);
		closeLater(cleanUp);

		assertThatException().isThrownBy(() -> RunningNode.start(bootstrapServers(), this.world.prefix(), "node-a",
				"managed", List.of("orders"), sharedPort));

		assertThat(work.resolve("logs/error.log")).as("written by the nginx the node started").exists();
		assertThat(NginxProcesses.naming(work)).as("nginx processes left by the failed start").isEmpty();
		try (ServerSocket free = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			assertThat(free.getLocalPort()).as("the service and control port, free again").isEqualTo(port);
		}
	}

	@Test
	void managedNodeSaysItLeftWhenItStopsAndAnAttachedNodeDoesNot() {
		RunningNode managed = this.world.node("node-a", "managed", List.of("orders"));
		RunningNode attached = this.world.node("node-b", "attached", List.of("orders"));
		await().atMost(WAIT).until(() -> heartbeats("node-a") > 0 && heartbeats("node-b") > 0);

		managed.close();
		attached.close();

		List<JsonNode> events = this.topics.events();
		List<String> nodeA = events.stream()
			.filter((event) -> "node-a".equals(event.get("nodeId").asString()))
			.map((event) -> event.get("type").asString())
			.toList();
		assertThat(nodeA).last().isEqualTo("NodeLeft");
		assertThat(events).filteredOn((event) -> "NodeLeft".equals(event.get("type").asString()))
			.singleElement()
			.satisfies((left) -> {
				assertThat(left.get("nodeId").asString()).isEqualTo("node-a");
				assertThat(left.get("reason").asString()).isEqualTo("stopped");
			});
	}

	@Test
	void managedNodeSaysItLeftWhileItsNginxIsDownAndComesBackWithAHeartbeat() throws Exception {
		UpstreamServer a = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"));
		this.topics.up("orders", a.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(a.endpoint())));
		ProcessHandle master = ProcessHandle.of(node.nginxMasterPid()).orElseThrow();
		List<Long> workers = master.children().map(ProcessHandle::pid).toList();

		master.destroyForcibly();

		JsonNode left = await().atMost(WAIT).until(() -> last("NodeLeft"), (event) -> event != null);
		assertThat(left.get("reason").asString()).startsWith("nginx down: master pid " + master.pid());
		assertThat(workers).as("workers of the killed master").isNotEmpty().noneMatch(NginxProcesses::running);
		await().atMost(WAIT)
			.until(() -> this.topics.events()
				.stream()
				.dropWhile((event) -> !"NodeLeft".equals(event.get("type").asString()))
				.anyMatch((event) -> "NodeHeartbeat".equals(event.get("type").asString())));
		await().atMost(WAIT)
			.ignoreExceptions()
			.until(() -> Boolean.TRUE.equals(node.peers("orders").get(a.endpoint())));
	}

	private JsonNode last(String type) {
		List<JsonNode> matching = this.topics.events()
			.stream()
			.filter((event) -> type.equals(event.get("type").asString()))
			.toList();
		return matching.isEmpty() ? null : matching.get(matching.size() - 1);
	}

	private long heartbeats(String nodeId) {
		return this.topics.events()
			.stream()
			.filter((event) -> "NodeHeartbeat".equals(event.get("type").asString()))
			.filter((event) -> nodeId.equals(event.get("nodeId").asString()))
			.count();
	}

	private static Map<Endpoint, Boolean> peers(RunningNode.Arguments arguments) {
		Map<Endpoint, Boolean> peers = new LinkedHashMap<>();
		arguments.controlClient()
			.peers(ServiceName.of("orders"))
			.peers()
			.peers()
			.forEach((peer) -> peers.put(peer.endpoint(), peer.up()));
		return peers;
	}

	private static void awaitMoreRequests(LoopingClients load, int more) {
		int target = load.succeeded() + more;
		await().atMost(WAIT).until(() -> load.succeeded() >= target || !load.failures().isEmpty());
	}

}
