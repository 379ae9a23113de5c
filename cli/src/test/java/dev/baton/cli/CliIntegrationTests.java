package dev.baton.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CLI against a real broker. Where a deploy is needed the test answers as the
 * deployer does on {@code deploy.steps}, following the protocol: steps carry the
 * request's deploy id.
 */
abstract class CliIntegrationTests {

	private final ExecutorService deployer = Executors.newSingleThreadExecutor();

	private CliBench bench;

	abstract String bootstrapServers();

	@BeforeEach
	void isolateTopics() {
		this.bench = new CliBench(bootstrapServers());
		this.bench.send("deploy.steps", "warm-up", "{}");
		this.bench.send("deploy.requests", "warm-up", "{}");
	}

	@AfterEach
	void stop() {
		this.deployer.shutdownNow();
		this.bench.close();
	}

	@Test
	void deployWaitExitsZeroOnSuccessAndPrintsEveryStep() {
		answerDeployWith((id) -> List.of(step("DeployStarted", id, ",\"version\":\"v2\",\"batches\":[[\"orders-1\"]]"),
				step("InstanceDrained", id, ",\"instanceId\":\"orders-1\",\"phase\":\"ROLLOUT\",\"drainMillis\":41"),
				step("InstanceRestarted", id,
						",\"instanceId\":\"orders-1\",\"host\":\"127.0.0.1\",\"port\":9001,\"phase\":\"ROLLOUT\",\"stepId\":\"s-1\",\"version\":\"v2\",\"exitCode\":0"),
				step("InstanceVerified", id,
						",\"instanceId\":\"orders-1\",\"phase\":\"ROLLOUT\",\"stepId\":\"s-1\",\"version\":\"v2\""),
				step("InstanceEnabled", id, ",\"instanceId\":\"orders-1\",\"phase\":\"ROLLOUT\""),
				step("DeploySucceeded", id, ",\"version\":\"v2\",\"durationMillis\":2100")));

		CliBench.Result result = baton("deploy", "orders", "v2", "--wait", "--timeout", "60s", "--deploy-id", "ci-1");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("DeployStarted", "InstanceDrained orders-1 drained in 41 ms",
				"InstanceRestarted orders-1 version v2 exit 0", "InstanceVerified orders-1 version v2",
				"InstanceEnabled orders-1", "DeploySucceeded");
	}

	@Test
	void deployWaitExitsOneOnFailureWithTheReason() {
		answerDeployWith((id) -> List.of(step("DeployFailed", id,
				",\"version\":\"v3\",\"reason\":\"orders-1 reported version v2, expected v3\",\"rolledBack\":[\"orders-1\"]")));

		CliBench.Result result = baton("deploy", "orders", "v3", "--wait", "--timeout", "60s", "--deploy-id", "ci-2");

		assertThat(result.code()).isEqualTo(ExitCode.FAILED);
		assertThat(result.out()).contains("reason: orders-1 reported version v2, expected v3");
	}

	@Test
	void deployWaitPrintsTheRollbackWithItsReasonAndTheInstancesKeptOutOfRotation() {
		answerDeployWith((id) -> List.of(
				step("DeployStarted", id, ",\"version\":\"v2\",\"batches\":[[\"orders-1\"],[\"orders-2\"]]"),
				step("InstanceDrained", id, ",\"instanceId\":\"orders-1\",\"phase\":\"ROLLOUT\",\"drainMillis\":30"),
				step("InstanceRestarted", id,
						",\"instanceId\":\"orders-1\",\"host\":\"127.0.0.1\",\"port\":9001,\"phase\":\"ROLLOUT\",\"stepId\":\"s-1\",\"version\":\"v2\",\"exitCode\":0"),
				step("DeployRollingBack", id, ",\"version\":\"v2\",\"reason\":\"orders-1 not verified within 20s\""),
				step("InstanceRestarted", id,
						",\"instanceId\":\"orders-1\",\"host\":\"127.0.0.1\",\"port\":9001,\"phase\":\"ROLLBACK\",\"stepId\":\"s-2\",\"version\":\"v1\",\"exitCode\":0"),
				step("DeployFailed", id,
						",\"version\":\"v2\",\"reason\":\"orders-1 not verified within 20s\",\"rolledBack\":[],\"keptOut\":[\"orders-1\"]")));

		CliBench.Result result = baton("deploy", "orders", "v2", "--wait", "--timeout", "60s", "--deploy-id", "ci-5");

		assertThat(result.code()).isEqualTo(ExitCode.FAILED);
		assertThat(result.out()).contains("DeployRollingBack version v2 reason: orders-1 not verified within 20s",
				"kept out of rotation: orders-1 (not verified)");
	}

	@Test
	void deployWaitNamesAnInstanceKeptOutBecauseItsDrainWasNeverConfirmed() {
		answerDeployWith((id) -> List.of(
				step("DeployRollingBack", id, ",\"version\":\"v2\",\"reason\":\"orders-2 unhealthy\""),
				step("InstanceDrained", id,
						",\"instanceId\":\"orders-1\",\"phase\":\"ROLLBACK\",\"nodes\":[],\"timedOut\":true,\"drainMillis\":30000"),
				step("DeployFailed", id,
						",\"version\":\"v2\",\"reason\":\"orders-2 unhealthy; edge-2 never confirmed the drain of orders-1\",\"rolledBack\":[\"orders-2\"],\"keptOut\":[\"orders-1\"]")));

		CliBench.Result result = baton("deploy", "orders", "v2", "--wait", "--timeout", "60s", "--deploy-id", "ci-6");

		assertThat(result.code()).isEqualTo(ExitCode.FAILED);
		assertThat(result.out()).contains("kept out of rotation: orders-1 (drain not confirmed)");
	}

	@Test
	void deployWaitExitsTwoWhenRejected() {
		answerDeployWith((id) -> List.of(step("DeployRejected", id, ",\"reason\":\"unknown service orders\"")));

		CliBench.Result result = baton("deploy", "orders", "v2", "--wait", "--timeout", "60s", "--deploy-id", "ci-3");

		assertThat(result.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(result.out()).contains("DeployRejected", "unknown service orders");
	}

	@Test
	void invalidVersionExitsTwoAndPublishesNothing() {
		CliBench.Result result = baton("deploy", "orders", "v2; rm -rf /", "--wait");

		assertThat(result.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(result.err()).contains("version must match");
		assertThat(this.bench.readAll("deploy.requests")).hasSize(1);
	}

	@Test
	void deployWaitExitsThreeWhenNoVerdictArrivesInTime() {
		CliBench.Result result = baton("deploy", "orders", "v2", "--wait", "--timeout", "3s", "--deploy-id", "ci-4");

		assertThat(result.code()).isEqualTo(ExitCode.TIMEOUT);
		assertThat(result.out()).contains("No verdict for deploy ci-4");
	}

	@Test
	void statusShowsADrainingInstanceWithItsClosedDeployGateAndWhatEachNodeSays() {
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"lastHealth\":{\"status\":\"HEALTHY\",\"version\":\"v1\",\"probedAt\":\""
						+ now + "\"},\"revision\":3,\"updatedAt\":\"" + now + "\"}");
		this.bench.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY",
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":false}");
		this.bench.send("nginx.events", "orders",
				"{\"type\":\"PeerDrainTimedOut\",\"nodeId\":\"edge-1\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"inFlight\":3,\"waitedMillis\":30000,\"at\":\""
						+ now + "\"}");

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("orders-1", "ONLINE", "open/open/CLOSED", "HEALTHY v1",
				"edge-1: drain timed out, 3 in flight");
	}

	@Test
	void statusDuringADrainShowsEachNodesInFlightCountUntilItsDrainAnswerSupersedesIt() {
		// The records a real nginx-control node publishes while it drains a peer
		// (its own integration tests prove it does, against a real nginx), fed here
		// as they are.
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"revision\":3,\"updatedAt\":\""
						+ now + "\"}");
		this.bench.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY",
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-7\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":false}");
		List.of(peerEvent("PeerApplied", "edge-1", "c-7", ",\"up\":false"),
				peerEvent("PeerApplied", "edge-2", "c-7", ",\"up\":false"),
				peerEvent("PeerDraining", "edge-1", "c-7", ",\"inFlight\":2,\"since\":\"" + now + "\""),
				peerEvent("PeerDraining", "edge-2", "c-7", ",\"inFlight\":3,\"since\":\"" + now + "\""),
				peerEvent("PeerDraining", "edge-1", "c-7", ",\"inFlight\":1,\"since\":\"" + now + "\""),
				peerEvent("PeerApplied", "edge-1", "c-8", ",\"up\":false"),
				peerEvent("PeerDrained", "edge-2", "c-7", ",\"drainMillis\":420"))
			.forEach((event) -> this.bench.send("nginx.events", "orders", event));

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("open/closed/CLOSED", "edge-1: draining, 1 in flight",
				"edge-2: drained in 420 ms");
		assertThat(result.out()).doesNotContain("edge-2: draining");
	}

	@Test
	void statusShowsEveryLiveNodesViewOfEveryInstanceFromItsLatestHeartbeatWhenNoRecentAnswerSaysMore() {
		Instant now = Instant.now();
		List.of(1, 2)
			.forEach((n) -> this.bench
				.send("registry.state", "orders-" + n, "{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-" + n
						+ "\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":900" + n
						+ ",\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"revision\":3,\"updatedAt\":\""
						+ now + "\"}"));
		// edge-1 answered about orders-1 minutes ago, and has said nothing of orders-2;
		// edge-2 drained orders-2 just before its latest heartbeat; edge-3 left.
		Instant minutesAgo = now.minus(Duration.ofMinutes(3));
		this.bench.sendAt(minutesAgo, "nginx.events", "orders",
				"{\"type\":\"PeerApplied\",\"nodeId\":\"edge-1\",\"commandId\":\"c-1\",\"service\":\"orders\","
						+ "\"host\":\"127.0.0.1\",\"port\":9001,\"up\":false,\"at\":\"" + minutesAgo + "\"}");
		this.bench.send("nginx.events", "orders",
				"{\"type\":\"PeerDrained\",\"nodeId\":\"edge-2\",\"commandId\":\"c-2\",\"service\":\"orders\","
						+ "\"host\":\"127.0.0.1\",\"port\":9002,\"drainMillis\":40,\"at\":\"" + now.minusSeconds(1)
						+ "\"}");
		this.bench.send("nginx.events", "edge-1",
				heartbeat("edge-1", now, servedPeer(9001, true, 100) + "," + servedPeer(9002, true, 22)));
		this.bench.send("nginx.events", "edge-2",
				heartbeat("edge-2", now, servedPeer(9001, true, 100) + "," + servedPeer(9002, false, 100)));
		this.bench.send("nginx.events", "edge-3",
				heartbeat("edge-3", now.minusSeconds(5), servedPeer(9001, true, 100)));
		this.bench.send("nginx.events", "edge-3",
				"{\"type\":\"NodeLeft\",\"nodeId\":\"edge-3\",\"reason\":\"stopped\",\"at\":\"" + now + "\"}");

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.line("orders-1")).endsWith(" edge-1: up; edge-2: up");
		assertThat(result.line("orders-2")).endsWith(" edge-1: up w22; edge-2: drained in 40 ms");
		JsonNode instances = Json.mapper().readTree(baton("status", "orders", "--json").out());
		assertThat(instances.get(0).path("nodes").properties()).extracting(Map.Entry::getKey)
			.containsExactly("edge-1", "edge-2");
	}

	@Test
	void statusShowsAnInstanceAFailedDeployLeftOutOfRotationWithTheFailuresReason() {
		String now = Instant.now().toString();
		List.of(1, 2).forEach((n) -> {
			this.bench.send("registry.state", "orders-" + n, "{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-"
					+ n + "\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":900" + n
					+ ",\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"revision\":3,\"updatedAt\":\""
					+ now + "\"}");
			this.bench.send("nginx.commands", "orders/127.0.0.1:900" + n + "/DEPLOY",
					"{\"type\":\"SetPeerGate\",\"commandId\":\"c-" + n
							+ "\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":900" + n
							+ ",\"gate\":\"DEPLOY\",\"open\":false,\"reason\":\"ROLLBACK of d-" + n
							+ ": draining for a restart\"}");
		});
		this.bench.send("deploy.steps", "orders", step("DeployFailed", "d-1",
				",\"version\":\"v2\",\"reason\":\"orders-1 not verified within 20s\",\"rolledBack\":[],\"keptOut\":[\"orders-1\"]"));

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains(
				"orders-1 kept out of rotation (DEPLOY gate left closed) since deploy d-1 failed: orders-1 not verified within 20s");
		assertThat(result.out()).doesNotContain("orders-2 kept out");
		assertThat(baton("status", "orders", "--json").out()).contains("\"keptOut\"", "\"deployId\" : \"d-1\"");
	}

	@Test
	void statusShowsAnInstanceWhoseVersionTheRegistryRefusesWithItsHealthGateClosedAndTheReason() {
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"lastHealth\":{\"status\":\"HEALTHY\",\"version\":\"v3\",\"probedAt\":\""
						+ now + "\"},\"revision\":3,\"updatedAt\":\"" + now
						+ "\",\"versionRefusal\":\"reports v3, but orders expects v2 (deploy d-2 of v2 succeeded)\"}");

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("open/closed/open", "HEALTHY v3",
				"orders-1 kept out of rotation (HEALTH gate held closed) by the registry: reports v3, but orders"
						+ " expects v2 (deploy d-2 of v2 succeeded)");
		assertThat(baton("status", "orders", "--json").out()).contains("\"versionRefusal\" : \"reports v3");
	}

	@Test
	void statusShowsTheVersionAnInstanceRunsAndTheOneItRegisteredWithWhenTheyDiffer() {
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v2\",\"registeredVersion\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"lastHealth\":{\"status\":\"HEALTHY\",\"version\":\"v2\",\"probedAt\":\""
						+ now + "\"},\"revision\":5,\"updatedAt\":\"" + now + "\"}");
		this.bench.send("registry.state", "orders-2",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-2\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9002,"
						+ "\"version\":\"v2\",\"registeredVersion\":\"v2\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"revision\":5,\"updatedAt\":\""
						+ now + "\"}");

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).isEqualTo(ExitCode.OK);
		assertThat(result.line("orders-1")).contains(" v2 (registered v1) ", "HEALTHY v2");
		assertThat(result.line("orders-2")).contains(" v2 ").doesNotContain("registered");
		JsonNode instances = Json.mapper().readTree(baton("status", "orders", "--json").out());
		assertThat(instances.get(0).path("version").asString()).isEqualTo("v2");
		assertThat(instances.get(0).path("registeredVersion").asString()).isEqualTo("v1");
	}

	@Test
	void statusNoLongerShowsAnInstanceKeptOutOnceALaterDeployTouchesIt() {
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"revision\":3,\"updatedAt\":\""
						+ now + "\"}");
		this.bench.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY",
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":false}");
		this.bench.send("deploy.steps", "orders", step("DeployFailed", "d-1",
				",\"version\":\"v2\",\"reason\":\"orders-1 not verified\",\"rolledBack\":[],\"keptOut\":[\"orders-1\"]"));
		this.bench.send("deploy.steps", "orders",
				step("InstanceDrained", "d-2", ",\"instanceId\":\"orders-1\",\"phase\":\"ROLLOUT\",\"drainMillis\":3"));

		CliBench.Result result = baton("status", "orders");

		assertThat(result.out()).contains("open/closed/CLOSED").doesNotContain("kept out");
	}

	@Test
	void statusSkipsRecordsThatAreNotJsonObjectsAsTheServicesDoInsteadOfFailing() {
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"revision\":3,\"updatedAt\":\""
						+ now + "\"}");
		this.bench.send("registry.state", "orders-1", "[\"not a snapshot\"]");
		this.bench.send("registry.state", "orders-9", "not json");
		this.bench.send("registry.state", null, "{}");
		this.bench.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY",
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":false}");
		this.bench.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY", "not json");
		this.bench.send("nginx.commands", "x/DEPLOY",
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-2\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":true}");
		this.bench.send("nginx.commands", "DEPLOY", "{}");
		this.bench.send("nginx.events", "orders", "not json");
		this.bench.send("deploy.steps", "orders", "not json");

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("orders-1", "ONLINE", "open/closed/CLOSED").doesNotContain("orders-9");
	}

	@Test
	void deployWaitAndAuditSkipARecordThatIsNotJson() {
		answerDeployWith((id) -> List.of("not json", step("DeploySucceeded", id, ",\"version\":\"v2\"")));
		this.bench.send("audit", "orders", "not json");
		this.bench.send("audit", "orders",
				"{\"type\":\"AuditRecorded\",\"source\":\"deployer-service\",\"subject\":\"orders\",\"action\":\"deploy.succeeded\",\"actor\":\"ci\",\"at\":\""
						+ Instant.now() + "\"}");

		CliBench.Result deploy = baton("deploy", "orders", "v2", "--wait", "--timeout", "60s", "--deploy-id", "ci-7");
		CliBench.Result audit = baton("audit");

		assertThat(deploy.code()).as(deploy.err()).isEqualTo(ExitCode.OK);
		assertThat(audit.code()).as(audit.err()).isEqualTo(ExitCode.OK);
		assertThat(audit.out()).contains("deploy.succeeded");
	}

	@Test
	void auditPrintsEntriesInTheOrderTheyHappenedNotInTheOrderOfTheirPartitions() {
		Instant start = Instant.now().minusSeconds(60);
		// sent out of order and keyed by different subjects, so on different partitions:
		// the order is the entry's own time, or its record's time when it has none
		this.bench.send("audit", "orders", audit("orders", "deploy.started", start.plusSeconds(20)));
		this.bench.send("audit", "orders-1", audit("orders-1", "lifecycle.REGISTERED", start));
		this.bench.send("audit", "orders", audit("orders", "deploy.succeeded", start.plusSeconds(40)));
		this.bench.sendAt(start.plusSeconds(10), "audit", "orders-2",
				"{\"type\":\"AuditRecorded\",\"source\":\"registry-service\",\"subject\":\"orders-2\",\"action\":\"lifecycle.PRE_ONLINE\"}");
		this.bench.send("audit", "orders-1", audit("orders-1", "instance.drained", start.plusSeconds(30)));
		this.bench.send("audit", "orders-1", audit("orders-1", "instance.restarted", start.plusSeconds(30)));
		this.bench.send("audit", "billing", audit("billing", "deploy.started", start.plusSeconds(5)));

		CliBench.Result all = baton("audit");
		CliBench.Result orders1 = baton("audit", "--service", "orders-1", "--json");

		assertThat(all.code()).as(all.err()).isEqualTo(ExitCode.OK);
		assertThat(all.out().lines().map((line) -> line.split(" +")[2] + " " + line.split(" +")[3])).containsExactly(
				"orders-1 lifecycle.REGISTERED", "billing deploy.started", "orders-2 lifecycle.PRE_ONLINE",
				"orders deploy.started", "orders-1 instance.drained", "orders-1 instance.restarted",
				"orders deploy.succeeded");
		assertThat(orders1.code()).as(orders1.err()).isEqualTo(ExitCode.OK);
		assertThat(orders1.out().lines().map((line) -> Json.mapper().readTree(line).path("action").asString()))
			.containsExactly("lifecycle.REGISTERED", "instance.drained", "instance.restarted");
	}

	@Test
	void pauseResumeAndCancelAreRefusedWithExitTwoWhenNothingIsDeploying() {
		this.bench.send("deploy.steps", "orders", step("DeployStarted", "d-1", ",\"version\":\"v2\""));
		this.bench.send("deploy.steps", "orders", step("DeploySucceeded", "d-1", ",\"version\":\"v2\""));

		for (String command : List.of("pause", "resume", "cancel")) {
			CliBench.Result result = baton(command, "orders", "--timeout", "5s");

			assertThat(result.code()).as(command).isEqualTo(ExitCode.REJECTED);
			assertThat(result.err()).as(command).contains("baton: nothing is deploying orders");
		}
		assertThat(this.bench.readAll("deploy.requests")).hasSize(1);
	}

	@Test
	void rollbackIsRefusedWithExitTwoWhenNoEarlierReleaseSucceeded() {
		CliBench.Result none = baton("rollback", "orders");
		this.bench.send("deploy.steps", "orders", step("DeployStarted", "d-1", ",\"version\":\"v1\""));
		this.bench.send("deploy.steps", "orders", step("DeploySucceeded", "d-1", ",\"version\":\"v1\""));
		CliBench.Result one = baton("rollback", "orders");

		assertThat(none.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(none.err()).contains("nothing to roll back to: no deploy of orders succeeded yet");
		assertThat(one.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(one.err()).contains("nothing to roll back to: v1 is the only release of orders that succeeded");
		assertThat(this.bench.readAll("deploy.requests")).hasSize(1);
	}

	@Test
	void pauseNamesTheRunningDeployWaitsForTheDeployersAnswerAndIsNotRepeated() {
		this.bench.send("deploy.steps", "orders", step("DeployStarted", "d-7", ",\"version\":\"v2\""));
		answerRequestsWith("PauseDeploy", (request) -> List.of(step("DeployPaused", request.path("deployId").asString(),
				",\"version\":\"v2\",\"requestedBy\":\"ops\",\"reason\":\"maintenance\"")));

		CliBench.Result paused = baton("pause", "orders", "--reason", "maintenance", "--requested-by", "ops");
		CliBench.Result again = baton("pause", "orders");

		assertThat(paused.code()).as(paused.err()).isEqualTo(ExitCode.OK);
		assertThat(paused.out()).contains("DeployPaused version v2 by ops reason: maintenance",
				"Deploy d-7 holds before its next batch; baton resume carries it on");
		assertThat(again.code()).isEqualTo(ExitCode.OK);
		assertThat(again.out()).contains("Deploy d-7 of orders v2 is paused already; nothing to do");
		List<JsonNode> requests = requests("PauseDeploy");
		assertThat(requests).singleElement().satisfies((request) -> {
			assertThat(request.path("deployId").asString()).isEqualTo("d-7");
			assertThat(request.path("requestedBy").asString()).isEqualTo("ops");
		});
		assertThat(baton("status", "orders").out()).contains("Deploy d-7 of orders v2 (rolling) is paused by ops");
	}

	@Test
	void cancelOfTheRunningDeployWaitsForDeployCancelling() {
		this.bench.send("deploy.steps", "orders", step("DeployStarted", "d-8", ",\"version\":\"v2\""));
		answerRequestsWith("CancelDeploy", (request) -> List.of(step("DeployCancelling",
				request.path("deployId").asString(), ",\"version\":\"v2\",\"requestedBy\":\"ops\"")));

		CliBench.Result result = baton("cancel", "orders", "--requested-by", "ops");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("DeployCancelling version v2 by ops",
				"Deploy d-8 rolls back what it touched");
		assertThat(requests("CancelDeploy")).singleElement()
			.satisfies((request) -> assertThat(request.path("deployId").asString()).isEqualTo("d-8"));
	}

	@Test
	void rollbackAsksForTheReleaseBeforeTheLastSucceededOneAndPrintsTheDeployersStart() {
		List.of("v1", "v2").forEach((version) -> {
			this.bench.send("deploy.steps", "orders",
					step("DeployStarted", "d-" + version, ",\"version\":\"" + version + "\""));
			this.bench.send("deploy.steps", "orders",
					step("DeploySucceeded", "d-" + version, ",\"version\":\"" + version + "\""));
		});
		answerRequestsWith("RollbackDeploy",
				(request) -> List.of(step("DeployStarted", request.path("deployId").asString(),
						",\"version\":\"v1\",\"rollback\":true,\"batches\":[[\"orders-1\"]]")));

		CliBench.Result result = baton("rollback", "orders", "--deploy-id", "ops-1");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("Requested rollback ops-1 of orders: v2 back to v1",
				"DeployStarted (rollback) version v1");
		assertThat(requests("RollbackDeploy")).singleElement()
			.satisfies((request) -> assertThat(request.path("service").asString()).isEqualTo("orders"));
	}

	@Test
	void deployPlanAsksForADryRunAndPrintsThePlannedSteps() {
		answerRequestsWith("DeployRequested", (request) -> List.of(step("DeployPlanned",
				request.path("deployId").asString(),
				",\"version\":\"v2\",\"batches\":[[\"orders-1\"],[\"orders-2\"]],\"bakeMillis\":60000,"
						+ "\"canary\":{\"percent\":10,\"weight\":11,\"canaryPeers\":1,\"fullPeers\":1},"
						+ "\"steps\":[\"batch 1 of 2: orders-1 (on v1)\",\"  open the DEPLOY gate at weight 11\"]")));

		CliBench.Result result = baton("deploy", "orders", "v2", "--plan", "--canary", "10%", "--bake", "60s",
				"--timeout", "60s");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains(
				"DeployPlanned version v2 bake 1m canary 10% at weight 11 beside 1 full peer(s)",
				"  batch 1 of 2: orders-1 (on v1)", "    open the DEPLOY gate at weight 11");
		assertThat(requests("DeployRequested")).singleElement().satisfies((request) -> {
			assertThat(request.path("dryRun").asBoolean()).isTrue();
			assertThat(request.path("canaryPercent").asInt()).isEqualTo(10);
			assertThat(request.path("bake").asString()).isEqualTo("PT1M");
		});
	}

	@Test
	void deployWaitShowsPausesBakesAndTheCanarysWeightAndFigures() {
		answerRequestsWith("DeployRequested", (request) -> {
			String id = request.path("deployId").asString();
			return List.of(step("DeployStarted", id, ",\"version\":\"v2\",\"canaryPercent\":10,\"bakeMillis\":3000"),
					step("InstanceEnabled", id, ",\"instanceId\":\"orders-1\",\"phase\":\"ROLLOUT\",\"weight\":22"),
					step("BakeStarted", id,
							",\"version\":\"v2\",\"instances\":[\"orders-1\"],\"bakeMillis\":3000,"
									+ "\"canary\":{\"percent\":10,\"weight\":22,\"canaryPeers\":1,\"fullPeers\":2}"),
					step("DeployPaused", id, ",\"version\":\"v2\",\"requestedBy\":\"ops\""),
					step("DeployResumed", id, ",\"version\":\"v2\",\"requestedBy\":\"ops\""),
					step("CanaryPromoted", id, ",\"version\":\"v2\",\"instances\":[\"orders-1\"],"
							+ "\"canary\":{\"requests\":300,\"serverErrors\":0,\"connectFailures\":0,\"p99Millis\":10},"
							+ "\"baseline\":{\"requests\":2700,\"serverErrors\":3,\"connectFailures\":0,\"p99Millis\":12},"
							+ "\"reason\":\"clean\""),
					step("DeploySucceeded", id, ",\"version\":\"v2\""));
		});

		CliBench.Result result = baton("deploy", "orders", "v2", "--wait", "--canary", "10", "--timeout", "60s");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("DeployStarted version v2 bake 3s canary 10%",
				"InstanceEnabled orders-1 at weight 22",
				"BakeStarted [orders-1] version v2 bake 3s canary 10% at weight 22 beside 2 full peer(s)",
				"DeployPaused version v2 by ops", "DeployResumed version v2 by ops",
				"CanaryPromoted [orders-1] version v2: canary 0.0% errors (0 of 300), p99 10 ms; old version 0.1%"
						+ " errors (3 of 2700), p99 12 ms",
				"DeploySucceeded");
	}

	@Test
	void statusShowsABakingCanaryAtItsWeight() {
		String now = Instant.now().toString();
		this.bench.send("registry.state", "orders-1",
				"{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,"
						+ "\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"lastHealth\":{\"status\":\"HEALTHY\",\"version\":\"v2\",\"probedAt\":\""
						+ now + "\"},\"revision\":3,\"updatedAt\":\"" + now + "\"}");
		this.bench.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY",
				"{\"type\":\"SetPeerGate\",\"commandId\":\"c-1\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"gate\":\"DEPLOY\",\"open\":true,\"weight\":22}");
		this.bench.send("deploy.steps", "orders",
				step("DeployStarted", "d-9", ",\"version\":\"v2\",\"canaryPercent\":10,\"bakeMillis\":60000"));
		this.bench.send("deploy.steps", "orders",
				step("BakeStarted", "d-9", ",\"version\":\"v2\",\"instances\":[\"orders-1\"],\"bakeMillis\":60000,"
						+ "\"canary\":{\"percent\":10,\"weight\":22,\"canaryPeers\":1,\"fullPeers\":2}"));

		CliBench.Result result = baton("status", "orders");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(result.out()).contains("open/open/open w22",
				"Deploy d-9 of orders v2 (rolling, canary 10%, bake 60s) is baking orders-1 as a canary at weight 22"
						+ " beside 2 full peer(s)");
		assertThat(baton("status", "orders", "--json").out()).contains("\"deployGateWeight\" : 22",
				"\"state\" : \"baking\"");
	}

	@Test
	void aCanaryPercentOutOfRangeIsRefusedAndNothingIsPublished() {
		CliBench.Result result = baton("deploy", "orders", "v2", "--canary", "100%");

		assertThat(result.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(result.err()).contains("--canary must be a whole percent from 1% to 99%");
		assertThat(this.bench.readAll("deploy.requests")).hasSize(1);
	}

	@Test
	void aDeployMayChooseItsDrainTimeoutAndWhatHappensToConnectionsStillOpenThen() {
		answerRequestsWith("DeployRequested", (request) -> List.of(step("DeployPlanned",
				request.path("deployId").asString(), ",\"version\":\"v2\",\"batches\":[[\"orders-1\"]],\"steps\":[]")));

		CliBench.Result result = baton("deploy", "orders", "v2", "--plan", "--drain-timeout", "3s",
				"--drain-on-timeout", "proceed", "--timeout", "60s");

		assertThat(result.code()).as(result.err()).isEqualTo(ExitCode.OK);
		assertThat(requests("DeployRequested")).singleElement().satisfies((request) -> {
			assertThat(request.path("drainTimeout").asString()).isEqualTo("PT3S");
			assertThat(request.path("drainOnTimeout").asString()).isEqualTo("PROCEED");
		});
	}

	@Test
	void aDrainPolicyOtherThanFailOrProceedOrADrainTimeoutOfNoTimeIsRefusedAndNothingIsPublished() {
		CliBench.Result policy = baton("deploy", "orders", "v2", "--drain-on-timeout", "wait");
		CliBench.Result timeout = baton("deploy", "orders", "v2", "--drain-timeout", "0s");

		assertThat(policy.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(policy.err()).contains("--drain-on-timeout must be fail or proceed, got 'wait'");
		assertThat(timeout.code()).isEqualTo(ExitCode.REJECTED);
		assertThat(timeout.err()).contains("--drain-timeout must be a positive duration");
		assertThat(this.bench.readAll("deploy.requests")).hasSize(1);
	}

	private List<JsonNode> requests(String type) {
		return this.bench.readAll("deploy.requests")
			.stream()
			.map(Kafka::json)
			.filter((request) -> request != null && type.equals(request.path("type").asString()))
			.toList();
	}

	private static String heartbeat(String node, Instant at, String peers) {
		return "{\"type\":\"NodeHeartbeat\",\"nodeId\":\"" + node + "\",\"epoch\":\"epoch-" + node
				+ "\",\"services\":[\"orders\"],\"intervalMillis\":60000,\"at\":\"" + at + "\",\"peers\":[" + peers
				+ "]}";
	}

	private static String servedPeer(int port, boolean up, int weight) {
		return "{\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":" + port + ",\"up\":" + up + ",\"weight\":"
				+ weight + "}";
	}

	private static String peerEvent(String type, String node, String commandId, String fields) {
		return "{\"type\":\"" + type + "\",\"nodeId\":\"" + node + "\",\"commandId\":\"" + commandId
				+ "\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":9001,\"at\":\"" + Instant.now() + "\""
				+ fields + "}";
	}

	private void answerDeployWith(Function<String, List<String>> steps) {
		answerRequestsWith("DeployRequested", (request) -> steps.apply(request.path("deployId").asString()));
	}

	/** Answers every request of a type as the deployer would, with the given steps. */
	private void answerRequestsWith(String type, Function<JsonNode, List<String>> steps) {
		KafkaConsumer<String, String> requests = new Kafka(this.bench.connection()).reader("deploy.requests", false);
		this.deployer.submit(() -> {
			try (requests) {
				while (!Thread.currentThread().isInterrupted()) {
					for (ConsumerRecord<String, String> record : requests.poll(Duration.ofMillis(100))) {
						JsonNode request = Json.mapper().readTree(record.value());
						if (type.equals(request.path("type").asString())) {
							steps.apply(request).forEach((step) -> this.bench.send("deploy.steps", "orders", step));
						}
					}
				}
			}
		});
	}

	private static String audit(String subject, String action, Instant at) {
		return "{\"type\":\"AuditRecorded\",\"source\":\"deployer-service\",\"subject\":\"" + subject
				+ "\",\"action\":\"" + action + "\",\"actor\":\"ci\",\"at\":\"" + at + "\"}";
	}

	private static String step(String type, String deployId, String fields) {
		return "{\"type\":\"" + type + "\",\"deployId\":\"" + deployId + "\",\"service\":\"orders\",\"at\":\""
				+ Instant.now() + "\"" + fields + "}";
	}

	private CliBench.Result baton(String... args) {
		return this.bench.baton(args);
	}

}
