package dev.baton.registry;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.kafka.listener.MessageListenerContainer;

import dev.baton.kafka.PeerPartitioner;
import dev.baton.kafka.testing.TestKafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.awaitility.Awaitility.await;

/**
 * The registry against a real broker, driven as apps, health-service and operators drive
 * it: hand-written JSON on its topics and HTTP calls to its admin API. Subclasses choose
 * the broker.
 */
abstract class RegistryIntegrationTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final List<RunningRegistry> registries = new ArrayList<>();

	private String prefix;

	private TestKafka kafka;

	/*
	 * Verdicts are sent only once the registry has applied the registration they are
	 * about, as health-service does: it probes only instances it has read from
	 * registry.state.
	 */

	/**
	 * The broker the tests run against.
	 * @return its bootstrap servers
	 */
	abstract String bootstrapServers();

	@BeforeEach
	void isolateTopics() {
		this.prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
		this.kafka = new TestKafka(bootstrapServers());
	}

	@AfterEach
	void stopEverything() {
		this.registries.forEach(RunningRegistry::close);
		this.kafka.close();
	}

	@Test
	void registrationThenHealthyThenApprovalOpensGatesInOrder() {
		RunningRegistry registry = start();

		register("orders-1", 9101, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));
		verdict("orders-1", 9101, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(registry.lifecycle("orders-1")));
		HttpResponse<String> approved = registry.call("POST", "/api/instances/orders-1/approve",
				"{\"by\":\"alice\",\"reason\":\"release checked\"}");

		assertThat(approved.statusCode()).isEqualTo(200);
		assertThat(json.readTree(approved.body()).get("lifecycle").asString()).isEqualTo("ONLINE");
		assertThat(gateRecords("orders/127.0.0.1:9101/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true",
				"ADMIN=true");
		assertThat(auditActions("orders-1")).containsSubsequence("lifecycle.REGISTERED", "lifecycle.PRE_ONLINE",
				"lifecycle.ONLINE");
		assertThat(this.kafka.readAll(this.prefix + "operations")).singleElement()
			.satisfies((record) -> assertThat(record.value()).contains("\"type\":\"OperateInstance\"", "APPROVE"));
	}

	@Test
	void anOperatorDecisionOnRegistrationsIsDeadLetteredNamingTheOperationsTopicAndChangesNothing() {
		RunningRegistry registry = start("baton.registry.services.orders.auto-online=true");
		register("orders-1", 9611, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));
		verdict("orders-1", 9611, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "ONLINE".equals(registry.lifecycle("orders-1")));
		String offline = "{\"type\":\"OperateInstance\",\"service\":\"orders\",\"instanceId\":\"orders-1\","
				+ "\"action\":\"OFFLINE\",\"by\":\"a leaked app credential\"}";

		this.kafka.send(this.prefix + "registrations", "orders", offline);
		// same key, same partition: once this one is applied, the decision before it was
		// met
		register("orders-2", 9612, "v1");

		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-2")));
		assertThat(registrationDeadLetterReasons()).singleElement()
			.asString()
			.contains("OperateInstance belongs on " + this.prefix + "operations, not on " + this.prefix
					+ "registrations");
		assertThat(registry.lifecycle("orders-1")).isEqualTo("ONLINE");
		assertThat(latestGates("orders/127.0.0.1:9611/")).containsEntry("ADMIN", "true");

		this.kafka.send(this.prefix + "operations", "orders", offline);

		await().atMost(WAIT).until(() -> "OFFLINE".equals(registry.lifecycle("orders-1")));
		assertThat(latestGates("orders/127.0.0.1:9611/")).containsEntry("ADMIN", "false");
	}

	@Test
	void anOnlineInstanceDeregisteredByAnAppLeavesOnlyOnceEveryLiveNodeDrainedItAlsoAcrossARestartMidDrain() {
		heartbeat("node-a");
		heartbeat("node-b");
		RunningRegistry first = start("baton.registry.services.orders.auto-online=true");
		for (int i = 1; i <= 2; i++) {
			register("orders-" + i, 9620 + i, "v1");
			String id = "orders-" + i;
			await().atMost(WAIT).until(() -> "REGISTERED".equals(first.lifecycle(id)));
			verdict(id, 9620 + i, "HEALTHY", "v1");
			await().atMost(WAIT).until(() -> "ONLINE".equals(first.lifecycle(id)));
		}

		deregister("orders-1");
		deregister("orders-2");

		await().atMost(WAIT).until(() -> "LEAVING".equals(first.lifecycle("orders-2")));
		JsonNode drain1 = latestDrain("orders/127.0.0.1:9621/ADMIN");
		JsonNode drain2 = latestDrain("orders/127.0.0.1:9622/ADMIN");
		assertThat(drain1.get("drain").get("timeoutMillis").asLong()).isEqualTo(30_000);
		// one key, one partition: once orders-2 has left, node-a's answer for orders-1
		// was read
		peerDrained("node-a", drain1, 9621);
		peerDrained("node-a", drain2, 9622);
		peerDrained("node-b", drain2, 9622);
		await().atMost(WAIT).until(() -> "DEREGISTERED".equals(latestSnapshot("orders-2").get("lifecycle").asString()));
		assertThat(first.lifecycle("orders-1")).as("node-b has not answered for orders-1").isEqualTo("LEAVING");
		assertThat(latestGates("orders/127.0.0.1:9621/")).containsEntry("ADMIN", "false").containsKey("HEALTH");

		first.close();
		RunningRegistry second = start("baton.registry.services.orders.auto-online=true");

		await().atMost(WAIT)
			.until(() -> !latestDrain("orders/127.0.0.1:9621/ADMIN").get("commandId").equals(drain1.get("commandId")));
		assertThat(second.lifecycle("orders-1")).isEqualTo("LEAVING");
		JsonNode again = latestDrain("orders/127.0.0.1:9621/ADMIN");
		peerDrained("node-a", again, 9621);
		peerDrained("node-b", again, 9621);
		await().atMost(WAIT).until(() -> "DEREGISTERED".equals(latestSnapshot("orders-1").get("lifecycle").asString()));
		assertThat(this.kafka.readAll(this.prefix + "nginx.commands")
			.stream()
			.filter((record) -> record.key().startsWith("orders/127.0.0.1:9621/"))
			.reduce((earlier, later) -> later)
			.orElseThrow()
			.value()).as("the peer's gates are removed last").isNull();
		assertThat(auditActions("orders-1")).containsSubsequence("lifecycle.ONLINE", "lifecycle.LEAVING",
				"lifecycle.DEREGISTERED");
	}

	@Test
	void autoOnlineServiceOpensBothGatesWithoutAnOperator() {
		RunningRegistry registry = start("baton.registry.services.orders.auto-online=true");

		register("orders-1", 9102, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));
		verdict("orders-1", 9102, "HEALTHY", "v1");

		await().atMost(WAIT).until(() -> "ONLINE".equals(registry.lifecycle("orders-1")));
		assertThat(registry.instance("orders-1").get("decidedBy").asString()).isEqualTo("auto-online");
		await().atMost(WAIT)
			.untilAsserted(() -> assertThat(latestGates("orders/127.0.0.1:9102/"))
				.containsExactlyInAnyOrderEntriesOf(Map.of("ADMIN", "true", "HEALTH", "true")));
	}

	@Test
	void restartedRegistryRebuildsIdenticalStateAndPublishesNoDuplicateGates() {
		RunningRegistry first = start();
		int instances = 20;
		for (int i = 0; i < instances / 2; i++) {
			register("orders-" + i, 9200 + i, "v1");
		}
		await().atMost(WAIT).until(() -> first.instances().size() == instances / 2);
		for (int i = 0; i < instances / 2; i++) {
			verdict("orders-" + i, 9200 + i, "HEALTHY", "v1");
		}
		first.close();
		this.registries.remove(first);
		for (int i = instances / 2; i < instances; i++) {
			register("orders-" + i, 9200 + i, "v1");
		}

		RunningRegistry second = start();
		await().atMost(WAIT).until(() -> second.instances().size() == instances);
		for (int i = instances / 2; i < instances; i++) {
			verdict("orders-" + i, 9200 + i, "HEALTHY", "v1");
		}

		await().atMost(WAIT).until(() -> allLifecycles(second).equals(List.of("PRE_ONLINE")));
		Map<String, String> latestSnapshots = new LinkedHashMap<>();
		this.kafka.readAll(this.prefix + "registry.state")
			.forEach((record) -> latestSnapshots.put(record.key(),
					json.readTree(record.value()).get("lifecycle").asString()));
		assertThat(latestSnapshots).hasSize(instances)
			.allSatisfy((id, lifecycle) -> assertThat(lifecycle).isEqualTo("PRE_ONLINE"));
		Map<String, List<String>> perGate = new LinkedHashMap<>();
		this.kafka.readAll(this.prefix + "nginx.commands")
			.forEach((record) -> perGate.computeIfAbsent(record.key(), (key) -> new ArrayList<>())
				.add(json.readTree(record.value()).get("open").asString()));
		assertThat(perGate).hasSize(instances * 2);
		perGate.forEach((key, values) -> assertThat(values).as(key)
			.isEqualTo(key.endsWith("HEALTH") ? List.of("false", "true") : List.of("false")));
	}

	@Test
	void registryKilledMidStreamReadsRegistrationsAndVerdictsWithinSecondsOfItsRestart(@TempDir Path logs) {
		int port = RunningRegistry.freePort();
		RunningRegistry first = RunningRegistry.startProcess(logs, port, bootstrapServers(), this.prefix);
		this.registries.add(first);
		register("orders-1", 9301, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(first.lifecycle("orders-1")));
		verdict("orders-1", 9301, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(first.lifecycle("orders-1")));

		first.kill();
		register("orders-2", 9302, "v1");
		RunningRegistry second = RunningRegistry.startProcess(logs, port, bootstrapServers(), this.prefix);
		this.registries.add(second);
		long started = System.nanoTime();
		await().atMost(WAIT).until(() -> "REGISTERED".equals(second.lifecycle("orders-2")));
		verdict("orders-2", 9302, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(second.lifecycle("orders-2")));

		// A consumer group would hold the partitions until the killed member's session
		// (45 s by default) timed out.
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
		assertThat(second.lifecycle("orders-1")).isEqualTo("PRE_ONLINE");
		assertThat(gateRecords("orders/127.0.0.1:9302/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true");
	}

	@Test
	void restartedRegistryAppliesTheVerdictsIssuedWhileItWasDownBeforeRepairingAGateFromItsOwnSnapshot() {
		preOnlineThenStopped(9501);

		// What a registry killed between an instance's snapshot and its gate command
		// leaves: an UNHEALTHY verdict it applied to its snapshot but neither acted on at
		// the gate nor committed; then the instance recovered while it was down.
		Instant unhealthyAt = Instant.now();
		verdict("orders-1", 9501, "UNHEALTHY", "v1", unhealthyAt);
		List<ConsumerRecord<String, String>> snapshots = this.kafka.readAll(this.prefix + "registry.state");
		ObjectNode snapshot = (ObjectNode) json.readTree(snapshots.get(snapshots.size() - 1).value());
		((ObjectNode) snapshot.get("lastHealth")).put("status", "UNHEALTHY").put("probedAt", unhealthyAt.toString());
		snapshot.put("revision", snapshot.get("revision").asLong() + 1);
		this.kafka.send(this.prefix + "registry.state", "orders-1", json.writeValueAsString(snapshot));
		verdict("orders-1", 9501, "HEALTHY", "v1", unhealthyAt.plusSeconds(1));

		RunningRegistry second = start();
		await().atMost(WAIT)
			.until(() -> "HEALTHY".equals(second.instance("orders-1").get("lastHealth").get("status").asString()));

		assertThat(gateRecords("orders/127.0.0.1:9501/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true");
	}

	@Test
	void aRestartedRegistryJudgesOnlyEachInstancesNewestVerdictOfItsDowntimeAndTakesNoServingInstanceOutOfRotation() {
		RunningRegistry first = start();
		for (int port : new int[] { 9511, 9512 }) {
			bringOnline(first, port);
		}
		first.close();
		this.registries.remove(first);

		// Both instances restarted while the registry was down, their verdicts
		// interleaved: judged one by one, both would leave rotation at once.
		verdict("orders-9511", 9511, "UNHEALTHY", "v1");
		verdict("orders-9512", 9512, "UNHEALTHY", "v1");
		verdict("orders-9511", 9511, "HEALTHY", "v1");
		verdict("orders-9512", 9512, "HEALTHY", "v1");

		RunningRegistry second = start();
		await().atMost(WAIT).until(() -> second.instances().size() == 2);

		for (int port : new int[] { 9511, 9512 }) {
			assertThat(gateRecords("orders/127.0.0.1:" + port + "/")).as("gates of %s", port)
				.containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true", "ADMIN=true");
			assertThat(second.instance("orders-" + port).get("lifecycle").asString()).isEqualTo("ONLINE");
		}
	}

	@Test
	void aDeployStepWaitsForTheVerdictsPublishedBeforeItSoAVerdictConsumerBehindTakesNoInstanceOutOfRotation() {
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v1\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");
		RunningRegistry registry = start();
		for (int port : new int[] { 9541, 9542 }) {
			bringOnline(registry, port);
		}
		// orders-9543 runs v2 ahead of any deploy: refused until the registry has learned
		// the deploy of v2 has started.
		register("orders-9543", 9543, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-9543")));
		verdict("orders-9543", 9543, "HEALTHY", "v2");
		await().atMost(WAIT)
			.until(() -> registry.instance("orders-9543").get("versionRefusal").asString().startsWith("reports v2"));
		deployStep("{\"type\":\"DeployStarted\",\"deployId\":\"d-2\",\"service\":\"orders\",\"version\":\"v2\","
				+ "\"batches\":[[\"orders-9541\"],[\"orders-9542\"]],\"previousVersions\":{\"orders-9541\":\"v1\","
				+ "\"orders-9542\":\"v1\"},\"at\":\"" + Instant.now() + "\"}");
		await().atMost(WAIT).until(() -> registry.instance("orders-9543").get("versionRefusal").asString().isEmpty());

		// The verdict consumer falls behind (as in a registry frozen mid-deploy) while
		// both instances restart on v2 and the deploy ends.
		MessageListenerContainer verdicts = registry.listener("registry-verdicts");
		verdicts.pause();
		await().atMost(WAIT).until(verdicts::isContainerPaused);
		verdict("orders-9541", 9541, "HEALTHY", "v2");
		verdict("orders-9542", 9542, "HEALTHY", "v2");
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-2\",\"service\":\"orders\",\"version\":\"v2\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");

		// The step listener holds the deploy's end until the verdicts before it are read.
		await().atMost(WAIT)
			.until(() -> Thread.getAllStackTraces()
				.values()
				.stream()
				.flatMap(Arrays::stream)
				.anyMatch((frame) -> frame.getMethodName().equals("awaitPast")));
		verdicts.resume();

		await().atMost(WAIT)
			.until(() -> registry.instance("orders-9542").get("versionRefusal").asString().isEmpty()
					&& "v2".equals(registry.instance("orders-9542").get("lastHealth").get("version").asString()));
		for (int port : new int[] { 9541, 9542 }) {
			assertThat(gateRecords("orders/127.0.0.1:" + port + "/")).as("gates of %s", port)
				.containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true", "ADMIN=true");
		}
	}

	@Test
	void aGateRecordOffItsPeersPartitionIsDeadLetteredAtStartUpAndTakenForNoGateTheRegistryPublished() {
		preOnlineThenStopped(9502);
		// Another client's producer closes the gate on a partition beside the peer's,
		// where
		// no node applies it.
		String key = "orders/127.0.0.1:9502/HEALTH";
		this.kafka.sendTo(this.prefix + "nginx.commands", (PeerPartitioner.partitionOf(key, 3) + 1) % 3, key,
				"{\"type\":\"SetPeerGate\",\"commandId\":\"stray-1\",\"service\":\"orders\","
						+ "\"host\":\"127.0.0.1\",\"port\":9502,\"gate\":\"HEALTH\",\"open\":false}");

		RunningRegistry second = start();
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(second.lifecycle("orders-1")));

		await().atMost(WAIT).until(() -> !this.kafka.readAllBytes(this.prefix + "nginx.commands-dlt").isEmpty());
		assertThat(this.kafka.readAllBytes(this.prefix + "nginx.commands-dlt")).singleElement()
			.satisfies((letter) -> assertThat(TestKafka.header(letter, "baton-dlt-reason"))
				.contains("not on its peer's partition"));
		assertThat(gateRecords("orders/127.0.0.1:9502/"))
			.as("the registry's own gates and the stray record (partitions apart): nothing published over it")
			.containsExactlyInAnyOrder("ADMIN=false", "HEALTH=false", "HEALTH=true", "HEALTH=false");
	}

	@Test
	void unreadableVerdictsAreDeadLetteredWithTheirReasonAndTheVerdictsAroundThemAreJudged() {
		RunningRegistry registry = start();
		register("orders-1", 9551, "v1");
		register("orders-2", 9552, "v1");
		await().atMost(WAIT).until(() -> registry.instances().size() == 2);

		this.kafka.send(this.prefix + "health.verdicts", "orders-1", "{\"type\":\"VerdictIssued\",");
		verdict("orders-1", 9551, "HEALTHY", "v1");
		this.kafka.send(this.prefix + "health.verdicts", "orders-2", "{\"type\":\"VerdictIssued\",\"instanceId\":"
				+ "\"orders-2\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":0,\"status\":\"HEALTHY\"}");
		verdict("orders-2", 9552, "HEALTHY", "v1");

		await().atMost(WAIT)
			.until(() -> "PRE_ONLINE".equals(registry.lifecycle("orders-1"))
					&& "PRE_ONLINE".equals(registry.lifecycle("orders-2")));
		List<String> reasons = this.kafka.readAllBytes(this.prefix + "health.verdicts-dlt")
			.stream()
			.map((record) -> TestKafka.header(record, "baton-dlt-reason"))
			.toList();
		assertThat(reasons).hasSize(2);
		assertThat(reasons.get(1)).contains("probedAt is required");
	}

	@Test
	void aRegistrationThatWouldMoveAnOnlineInstanceIsDeadLetteredWithItsReasonAndOpensNoGate() {
		RunningRegistry registry = start("baton.registry.services.orders.auto-online=true");
		register("orders-1", 9601, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));
		verdict("orders-1", 9601, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "ONLINE".equals(registry.lifecycle("orders-1")));

		register("orders-1", 6666, "v1");
		register("orders-2", 9602, "v1");

		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-2")));
		assertThat(registrationDeadLetterReasons()).singleElement()
			.asString()
			.contains("orders-1 is registered as orders at 127.0.0.1:9601; a registration as orders at"
					+ " 127.0.0.1:6666 would move it: deregister it first");
		assertThat(registry.instance("orders-1").get("port").asInt()).isEqualTo(9601);
		assertThat(registry.lifecycle("orders-1")).isEqualTo("ONLINE");
		assertThat(gateRecords("orders/127.0.0.1:6666/")).isEmpty();
		assertThat(auditActions(this.prefix + "registrations")).containsExactly("dead-lettered");
	}

	@Test
	void aRegistrationOutsideTheAllowedEndpointsIsDeadLetteredAndABadAllowListStopsStartUp() {
		RunningRegistry registry = start("baton.registry.services.orders.allowed-hosts=127.0.0.0/8",
				"baton.registry.services.orders.allowed-ports=9700-9709");

		register("orders-1", 9799, "v1");
		register("orders-2", 9701, "v1");

		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-2")));
		assertThat(registry.instance("orders-1")).isNull();
		assertThat(registrationDeadLetterReasons()).singleElement()
			.asString()
			.contains("orders 127.0.0.1:9799 is not an allowed endpoint: port 9799 is not among the allowed ports"
					+ " [9700-9709]");
		assertThat(gateRecords("orders/127.0.0.1:9799/")).isEmpty();
		assertThat(registry
			.call("POST", "/api/instances",
					"{\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9798,\"version\":\"v1\"}")
			.body()).contains("port 9798 is not among the allowed ports");
		assertThatException().isThrownBy(() -> start("baton.registry.services.billing.allowed-hosts=10.0.0.0/40"))
			.satisfies((failure) -> assertThat(failure).rootCause()
				.hasMessageContaining("'10.0.0.0/40' has a prefix length outside 0-32"))
			.satisfies((failure) -> assertThat(failure).hasStackTraceContaining("baton.registry.services.billing"));
	}

	@Test
	void badRecordsGoToTheDeadLetterTopicWithReasonAndTheConsumerGoesOn() {
		RunningRegistry registry = start();
		String valid = "\"service\":\"orders\",\"host\":\"127.0.0.1\",\"version\":\"v1\"";
		Map<String, String> badRecords = new LinkedHashMap<>();
		badRecords.put("not JSON", "this is not json");
		badRecords.put("unknown type", "{\"type\":\"InstanceExploded\"," + valid + ",\"port\":9300}");
		badRecords.put("missing field",
				"{\"type\":\"InstanceRegistered\",\"host\":\"127.0.0.1\",\"port\":9300,\"version\":\"v1\"}");
		badRecords.put("port 0", "{\"type\":\"InstanceRegistered\"," + valid + ",\"port\":0}");
		badRecords.put("port 70000", "{\"type\":\"InstanceRegistered\"," + valid + ",\"port\":70000}");
		badRecords.put("shell in host",
				"{\"type\":\"InstanceRegistered\",\"service\":\"orders\",\"host\":\"a;rm -rf /\",\"port\":9300,\"version\":\"v1\"}");
		badRecords.put("version with spaces",
				"{\"type\":\"InstanceRegistered\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9300,\"version\":\"v 1 beta\"}");
		badRecords.put("2 MB payload", "{\"type\":\"InstanceRegistered\"," + valid + ",\"port\":9300,\"padding\":\""
				+ "x".repeat(2 * 1024 * 1024) + "\"}");
		badRecords.values().forEach((value) -> this.kafka.send(this.prefix + "registrations", "orders", value));
		register("orders-good", 9301, "v1");

		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-good")));
		List<ConsumerRecord<String, byte[]>> deadLetters = this.kafka.readAllBytes(this.prefix + "registrations-dlt");
		assertThat(deadLetters).hasSize(badRecords.size());
		List<String> reasons = deadLetters.stream()
			.map((record) -> TestKafka.header(record, "baton-dlt-reason"))
			.toList();
		assertThat(reasons).allSatisfy((reason) -> assertThat(reason).isNotBlank());
		assertThat(String.join("\n", reasons)).contains("Unrecognized token", "InstanceExploded", "service is required",
				"port must be 1-65535, got 0", "port must be 1-65535, got 70000",
				"host must be an IP literal or a DNS name, got 'a;rm -rf /'", "version must match",
				"exceeds the limit of 65536 bytes");
		assertThat(deadLetters)
			.anySatisfy((record) -> assertThat(record.value().length).isGreaterThan(2 * 1024 * 1024));
		assertThat(registry.instances()).hasSize(1);
		assertThat(auditActions(this.prefix + "registrations")).filteredOn("dead-lettered"::equals)
			.hasSize(badRecords.size());
		assertThat(registry.call("GET", "/actuator/prometheus", null, null).body())
			.contains("baton_dead_letters_total{topic=\"" + this.prefix + "registrations\"} 8.0")
			// registered at zero for every consumed topic, before its first dead letter
			.contains("baton_dead_letters_total{topic=\"" + this.prefix + "health.verdicts\"} 0.0");
	}

	@Test
	void adminApiRefusesMissingOrWrongTokensBadBodiesAndUnknownInstances() {
		RunningRegistry registry = start();

		assertThat(registry.call("GET", "/api/instances", null, null).statusCode()).isEqualTo(401);
		assertThat(registry.call("GET", "/api/instances", null, "wrong-token-wrong-token").statusCode()).isEqualTo(403);
		HttpResponse<String> unreadable = registry.call("POST", "/api/instances", "{\"service\":");
		HttpResponse<String> invalidPort = registry.call("POST", "/api/instances",
				"{\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":70000,\"version\":\"v1\"}");
		HttpResponse<String> unknown = registry.call("POST", "/api/instances/orders-9/approve", null);
		HttpResponse<String> registered = registry.call("POST", "/api/instances",
				"{\"service\":\"orders\",\"instanceId\":\"orders-1\",\"host\":\"127.0.0.1\",\"port\":9401,\"version\":\"v1\"}");
		HttpResponse<String> tooEarly = registry.call("POST", "/api/instances/orders-1/approve", null);

		assertThat(unreadable.statusCode()).isEqualTo(400);
		assertThat(unreadable.body()).contains("unreadable body");
		assertThat(invalidPort.statusCode()).isEqualTo(400);
		assertThat(invalidPort.body()).contains("port must be 1-65535, got 70000");
		assertThat(unknown.statusCode()).isEqualTo(404);
		assertThat(unknown.body()).contains("no registered instance orders-9");
		assertThat(registered.statusCode()).isEqualTo(200);
		assertThat(tooEarly.statusCode()).isEqualTo(409);
		assertThat(tooEarly.body()).contains("has not been healthy yet");
		assertThat(registry.instances()).hasSize(1);
		assertThat(registry.lifecycle("orders-1")).isEqualTo("REGISTERED");
	}

	@Test
	void anInstanceOnAVersionItsServiceDoesNotExpectIsKeptOutOfRotationUntilADeployOfThatVersionStarts() {
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v1\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");
		RunningRegistry registry = start();
		register("orders-1", 9801, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));

		Instant probedAt = Instant.now();
		for (int restated = 0; restated < 3; restated++) {
			verdict("orders-1", 9801, "HEALTHY", "v3", probedAt.plusSeconds(restated));
		}
		String refusal = "reports v3, but orders expects v1 (deploy d-1 of v1 succeeded)";
		await().atMost(WAIT)
			.until(() -> refusal.equals(registry.instance("orders-1").get("versionRefusal").asString()));
		assertThat(registry.instance("orders-1").get("gates").get("HEALTH").asBoolean()).isFalse();
		assertThat(registry.lifecycle("orders-1")).isEqualTo("REGISTERED");
		assertThat(latestSnapshot("orders-1").get("versionRefusal").asString()).isEqualTo(refusal);
		assertThat(gateRecords("orders/127.0.0.1:9801/")).containsExactly("ADMIN=false", "HEALTH=false");

		deployStep("{\"type\":\"DeployStarted\",\"deployId\":\"d-2\",\"service\":\"orders\",\"version\":\"v3\","
				+ "\"batches\":[[\"orders-1\"]],\"previousVersions\":{\"orders-1\":\"v1\"},\"at\":\"" + Instant.now()
				+ "\"}");

		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(registry.lifecycle("orders-1")));
		assertThat(registry.instance("orders-1").get("versionRefusal").asString()).isEmpty();
		assertThat(gateRecords("orders/127.0.0.1:9801/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true");
		assertThat(auditActions("orders-1"))
			.containsSubsequence("lifecycle.REGISTERED", "version.refused", "lifecycle.PRE_ONLINE")
			.filteredOn("version.refused"::equals)
			.hasSize(1);
	}

	@Test
	void theVersionAnInstanceReportsOnAnExpectedVersionIsTheVersionItsSnapshotCarriesAndARefusedOneIsNot() {
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v1\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");
		RunningRegistry registry = start();
		register("orders-1", 9841, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));
		verdict("orders-1", 9841, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(registry.lifecycle("orders-1")));

		// A deploy of v2 restarts the instance, which does not register again.
		deployStep("{\"type\":\"DeployStarted\",\"deployId\":\"d-2\",\"service\":\"orders\",\"version\":\"v2\","
				+ "\"batches\":[[\"orders-1\"]],\"previousVersions\":{\"orders-1\":\"v1\"},\"at\":\"" + Instant.now()
				+ "\"}");
		verdict("orders-1", 9841, "HEALTHY", "v2");

		await().atMost(WAIT).until(() -> "v2".equals(latestSnapshot("orders-1").get("version").asString()));
		assertThat(latestSnapshot("orders-1").get("registeredVersion").asString()).isEqualTo("v1");
		assertThat(registry.instance("orders-1").get("version").asString()).isEqualTo("v2");
		assertThat(registry.instance("orders-1").get("registeredVersion").asString()).isEqualTo("v1");

		verdict("orders-1", 9841, "HEALTHY", "v3");

		await().atMost(WAIT)
			.until(() -> latestSnapshot("orders-1").get("versionRefusal").asString().startsWith("reports v3"));
		assertThat(latestSnapshot("orders-1").get("version").asString()).isEqualTo("v2");
		assertThat(latestSnapshot("orders-1").get("lastHealth").get("version").asString()).isEqualTo("v3");
	}

	@Test
	void withNoDeployOnRecordTheConfiguredExpectedVersionsAreTheOnlyOnesPutInRotation() {
		RunningRegistry registry = start("baton.registry.services.orders.expected-versions=v1,v2");
		register("orders-1", 9811, "v1");
		register("orders-2", 9812, "v2");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-2")));

		verdict("orders-1", 9811, "HEALTHY", "v3");
		verdict("orders-2", 9812, "HEALTHY", "v2");

		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(registry.lifecycle("orders-2")));
		await().atMost(WAIT)
			.until(() -> registry.instance("orders-1")
				.get("versionRefusal")
				.asString()
				.equals("reports v3, but orders expects v1 or v2 (baton.registry.services.orders.expected-versions)"));
		assertThat(gateRecords("orders/127.0.0.1:9811/")).containsExactly("ADMIN=false", "HEALTH=false");
	}

	@Test
	void aServiceThatOptsOutOfTheVersionGuardPutsAnInstanceOnAnyVersionInRotation() {
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v1\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");
		RunningRegistry registry = start("baton.registry.services.orders.version-guard=false");
		register("orders-1", 9821, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle("orders-1")));

		verdict("orders-1", 9821, "HEALTHY", "v3");

		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(registry.lifecycle("orders-1")));
		assertThat(registry.instance("orders-1").get("versionRefusal").asString()).isEmpty();
		assertThat(gateRecords("orders/127.0.0.1:9821/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true");
	}

	@Test
	void aRestartedRegistryLearnsTheDeploysOfItsDowntimeBeforeItJudgesVerdictsOrRepairsGates() {
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v1\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");
		RunningRegistry first = start();
		register("orders-1", 9831, "v1");
		register("orders-2", 9832, "v1");
		register("orders-3", 9833, "v1");
		await().atMost(WAIT).until(() -> first.instances().size() == 3);
		verdict("orders-1", 9831, "HEALTHY", "v1");
		verdict("orders-2", 9832, "HEALTHY", "v3");
		verdict("orders-3", 9833, "HEALTHY", "v1");
		await().atMost(WAIT)
			.until(() -> first.instance("orders-2").get("versionRefusal").asString().startsWith("reports v3"));
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(first.lifecycle("orders-3")));
		first.close();
		this.registries.remove(first);

		// While the registry is down, orders-1 is deployed to v2 (orders-3 was left out),
		// orders-2 restarts on a v3 nobody expects, and someone types a step by hand.
		deployStep("{\"type\":\"DeployStarted\",\"deployId\":\"d-2\",\"service\":\"orders\",\"version\":\"v2\","
				+ "\"batches\":[[\"orders-1\"]],\"previousVersions\":{\"orders-1\":\"v1\"},\"at\":\"" + Instant.now()
				+ "\"}");
		deployStep("{\"type\":\"DeployStarted\",\"deployId\":\"d-3\"}");
		verdict("orders-1", 9831, "HEALTHY", "v2");
		verdict("orders-2", 9832, "UNHEALTHY", "v3");
		verdict("orders-2", 9832, "HEALTHY", "v3");
		deployStep("{\"type\":\"DeploySucceeded\",\"deployId\":\"d-2\",\"service\":\"orders\",\"version\":\"v2\","
				+ "\"durationMillis\":1000,\"at\":\"" + Instant.now() + "\"}");

		RunningRegistry second = start();
		String refusal = "reports v1, but orders expects v2 (deploy d-2 of v2 succeeded)";
		await().atMost(WAIT).until(() -> refusal.equals(second.instance("orders-3").get("versionRefusal").asString()));

		assertThat(second.instance("orders-1").get("lastHealth").get("version").asString()).isEqualTo("v2");
		assertThat(second.instance("orders-2").get("versionRefusal").asString())
			.isEqualTo("reports v3, but orders expects v2 (deploy d-2 of v2 succeeded)");
		// Every verdict of the downtime was judged knowing the deploys of the downtime:
		// orders-1's gate (on v2) never closed, orders-2's (on v3) never opened.
		assertThat(gateRecords("orders/127.0.0.1:9831/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true");
		assertThat(gateRecords("orders/127.0.0.1:9832/")).containsExactly("ADMIN=false", "HEALTH=false");
		assertThat(gateRecords("orders/127.0.0.1:9833/")).containsExactly("ADMIN=false", "HEALTH=false", "HEALTH=true",
				"HEALTH=false");
		assertThat(auditActions("orders-3")).filteredOn("version.refused"::equals).hasSize(1);
		assertThat(this.kafka.readAllBytes(this.prefix + "deploy.steps-dlt")).singleElement()
			.satisfies((letter) -> assertThat(TestKafka.header(letter, "baton-dlt-reason")).contains("is required"));
	}

	@Test
	void anAdminTokenFileReadableByItsOwnerOnlyIsTheTokenAndOneOpenToOthersStopsStartUp(@TempDir Path secrets)
			throws IOException {
		Path tokenFile = secrets.resolve("registry-token");
		Files.writeString(tokenFile, RunningRegistry.TOKEN + "\n");
		Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
		RunningRegistry registry = start("baton.registry.admin.token=", "baton.registry.admin.token-file=" + tokenFile);

		assertThat(registry.call("GET", "/api/instances", null).statusCode()).isEqualTo(200);
		Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-r--r--"));
		assertThatException()
			.isThrownBy(() -> start("baton.registry.admin.token=", "baton.registry.admin.token-file=" + tokenFile))
			.satisfies((failure) -> assertThat(failure).rootCause()
				.hasMessageContaining(
						"baton.registry.admin.token-file " + tokenFile + " is open to its group or to others")
				.hasMessageNotContaining(RunningRegistry.TOKEN));
		assertThatException().isThrownBy(() -> start("baton.registry.admin.token-file=" + secrets.resolve("missing")))
			.satisfies((failure) -> assertThat(failure).rootCause()
				.hasMessageContaining("baton.registry.admin.token and baton.registry.admin.token-file are both set"));
	}

	@Test
	void missingAdminTokenStopsStartUpNamingTheProperty() {
		assertThatException().isThrownBy(() -> start("baton.registry.admin.token="))
			.satisfies((failure) -> assertThat(failure).rootCause()
				.hasMessageContaining("baton.registry")
				.hasMessageContaining("token"));
	}

	private RunningRegistry start(String... properties) {
		RunningRegistry registry = RunningRegistry.start(bootstrapServers(), this.prefix, properties);
		this.registries.add(registry);
		return registry;
	}

	/** Registers orders-1 on the port, reports it healthy, then stops the registry. */
	private void preOnlineThenStopped(int port) {
		RunningRegistry first = start();
		register("orders-1", port, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(first.lifecycle("orders-1")));
		verdict("orders-1", port, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(first.lifecycle("orders-1")));
		first.close();
		this.registries.remove(first);
	}

	/** Registers orders-PORT on v1, reports it healthy and approves it. */
	private void bringOnline(RunningRegistry registry, int port) {
		String id = "orders-" + port;
		register(id, port, "v1");
		await().atMost(WAIT).until(() -> "REGISTERED".equals(registry.lifecycle(id)));
		verdict(id, port, "HEALTHY", "v1");
		await().atMost(WAIT).until(() -> "PRE_ONLINE".equals(registry.lifecycle(id)));
		assertThat(registry
			.call("POST", "/api/instances/" + id + "/approve", "{\"by\":\"alice\",\"reason\":\"release checked\"}")
			.statusCode()).isEqualTo(200);
	}

	private void register(String id, int port, String version) {
		this.kafka.send(this.prefix + "registrations", "orders",
				"{\"type\":\"InstanceRegistered\",\"instanceId\":\"" + id + "\",\"service\":\"orders\","
						+ "\"host\":\"127.0.0.1\",\"port\":" + port + ",\"version\":\"" + version + "\"}");
	}

	private void deregister(String id) {
		this.kafka.send(this.prefix + "registrations", "orders", "{\"type\":\"InstanceDeregistered\",\"instanceId\":\""
				+ id + "\",\"service\":\"orders\",\"deregisteredBy\":\"an app\"}");
	}

	private void heartbeat(String node) {
		this.kafka.send(this.prefix + "nginx.events", node, "{\"type\":\"NodeHeartbeat\",\"nodeId\":\"" + node
				+ "\",\"services\":[\"orders\"],\"intervalMillis\":2000,\"at\":\"" + Instant.now() + "\"}");
	}

	private void peerDrained(String node, JsonNode command, int port) {
		this.kafka.send(this.prefix + "nginx.events", "orders",
				"{\"type\":\"PeerDrained\",\"nodeId\":\"" + node + "\",\"commandId\":\""
						+ command.get("commandId").asString() + "\",\"service\":\"orders\",\"host\":\"127.0.0.1\","
						+ "\"port\":" + port + ",\"drainMillis\":3,\"at\":\"" + Instant.now() + "\"}");
	}

	/** The latest closing command of a gate that carries a drain deadline. */
	private JsonNode latestDrain(String key) {
		return this.kafka.readAll(this.prefix + "nginx.commands")
			.stream()
			.filter((record) -> key.equals(record.key()) && record.value() != null)
			.map((record) -> json.readTree(record.value()))
			.filter((command) -> command.has("drain") && !command.get("drain").isNull())
			.reduce((earlier, later) -> later)
			.orElseThrow();
	}

	private void deployStep(String json) {
		this.kafka.send(this.prefix + "deploy.steps", "orders", json);
	}

	private JsonNode latestSnapshot(String id) {
		List<ConsumerRecord<String, String>> snapshots = this.kafka.readAll(this.prefix + "registry.state")
			.stream()
			.filter((record) -> id.equals(record.key()))
			.toList();
		return json.readTree(snapshots.get(snapshots.size() - 1).value());
	}

	private void verdict(String id, int port, String status, String version) {
		verdict(id, port, status, version, Instant.now());
	}

	private void verdict(String id, int port, String status, String version, Instant probedAt) {
		this.kafka.send(this.prefix + "health.verdicts", id,
				"{\"type\":\"VerdictIssued\",\"instanceId\":\"" + id
						+ "\",\"service\":\"orders\",\"host\":\"127.0.0.1\"," + "\"port\":" + port + ",\"status\":\""
						+ status + "\",\"version\":\"" + version + "\",\"probedAt\":\"" + probedAt + "\"}");
	}

	private List<String> gateRecords(String peer) {
		return this.kafka.readAll(this.prefix + "nginx.commands")
			.stream()
			.filter((record) -> record.key().startsWith(peer))
			.map((record) -> json.readTree(record.value()))
			.map((command) -> command.get("gate").asString() + "=" + command.get("open").asString())
			.toList();
	}

	private Map<String, String> latestGates(String peer) {
		Map<String, String> latest = new LinkedHashMap<>();
		this.kafka.readAll(this.prefix + "nginx.commands")
			.stream()
			.filter((record) -> record.key().startsWith(peer))
			.map((record) -> json.readTree(record.value()))
			.forEach((command) -> latest.put(command.get("gate").asString(), command.get("open").asString()));
		return latest;
	}

	private List<String> registrationDeadLetterReasons() {
		return this.kafka.readAllBytes(this.prefix + "registrations-dlt")
			.stream()
			.map((record) -> TestKafka.header(record, "baton-dlt-reason"))
			.toList();
	}

	private List<String> auditActions(String subject) {
		return this.kafka.readAll(this.prefix + "audit")
			.stream()
			.filter((record) -> subject.equals(record.key()))
			.map((record) -> json.readTree(record.value()).get("action").asString())
			.toList();
	}

	private static List<String> allLifecycles(RunningRegistry registry) {
		List<String> lifecycles = new ArrayList<>();
		for (JsonNode instance : registry.instances()) {
			String lifecycle = instance.get("lifecycle").asString();
			if (!lifecycles.contains(lifecycle)) {
				lifecycles.add(lifecycle);
			}
		}
		return lifecycles;
	}

}
