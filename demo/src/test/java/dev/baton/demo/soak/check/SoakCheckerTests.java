package dev.baton.demo.soak.check;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checker on evidence written here, one broken promise at a time: each test's soak is
 * whole but for the one thing it breaks.
 */
class SoakCheckerTests {

	private static final long T = 1_796_640_000_000L;

	@TempDir
	Path directory;

	private final List<String> accessLines = new ArrayList<>();

	private final List<String> requestLines = new ArrayList<>();

	private final List<Step> steps = new ArrayList<>();

	private final List<String> connectionLines = new ArrayList<>();

	private String refused;

	@Test
	void aWholeSoakKeepsEveryPromise() throws IOException {
		rollingDeployOf9001();
		request("a-1", T + 100, T + 120, 200, "127.0.0.1:9002");

		assertThat(check("MALFORMED_RECORD", T + 500, null, Map.of("127.0.0.1:9001", "v2", "127.0.0.1:9002", "v2")))
			.isEmpty();
	}

	@Test
	void aRequestThatReachedAnInstanceBetweenItsRestartAndItsVerificationIsAViolation() throws IOException {
		rollingDeployOf9001();
		request("a-1", T + 1500, T + 1520, 200, "127.0.0.1:9001");

		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v2"))).singleElement()
			.satisfies((violation) -> assertThat(violation.toString())
				.contains("no request on an instance being restarted", "a-1", "127.0.0.1:9001"));
	}

	@Test
	void aRestartThatNeverVerifiedEndsItsWindowWhereTheRollbacksRestartOfTheSameInstanceBegins() throws IOException {
		step(T + 500, "{\"type\":\"DeployStarted\",\"deployId\":\"d-1\",\"service\":\"orders\"}");
		step(T + 1000, "{\"type\":\"InstanceRestartStarted\",\"deployId\":\"d-1\",\"instanceId\":\"orders-1\","
				+ "\"host\":\"127.0.0.1\",\"port\":9001,\"stepId\":\"broken\"}");
		step(T + 2000, "{\"type\":\"InstanceRestartStarted\",\"deployId\":\"d-1\",\"instanceId\":\"orders-1\","
				+ "\"host\":\"127.0.0.1\",\"port\":9001,\"stepId\":\"rollback\"}");
		step(T + 3000,
				"{\"type\":\"InstanceVerified\",\"deployId\":\"d-1\",\"instanceId\":\"orders-1\",\"stepId\":\"rollback\"}");
		step(T + 5000, "{\"type\":\"DeployFailed\",\"deployId\":\"d-1\",\"service\":\"orders\"}");
		request("back-in-rotation", T + 4000, T + 4020, 200, "127.0.0.1:9001");
		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v1"))).isEmpty();

		request("during-the-rollback", T + 2500, T + 2520, 200, "127.0.0.1:9001");
		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v1"))).singleElement()
			.satisfies((violation) -> assertThat(violation.detail()).contains("during-the-rollback"));
	}

	@Test
	void aRequestStillInFlightWhenTheRestartBeganIsAViolation() throws IOException {
		rollingDeployOf9001();
		request("a-1", T + 900, T + 1100, 200, "127.0.0.1:9001");

		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v2"))).singleElement()
			.satisfies((violation) -> assertThat(violation.toString()).contains("in flight on 127.0.0.1:9001"));
	}

	@Test
	void aFailedRequestIsAViolationUnlessAKillCutIt() throws IOException {
		rollingDeployOf9001();
		request("a-1", T + 2500, T + 2510, 0, null);

		assertThat(check("DUPLICATE_COMMAND", T + 2505, null, versions("v2"))).singleElement()
			.satisfies((violation) -> assertThat(violation.toString()).contains("every request answered", "a-1"));
		assertThat(check("KILL_NGINX_WORKER", T + 2505, null, versions("v2"))).isEmpty();
		this.requestLines.set(0, this.requestLines.get(0).replace("reset", "timeout"));
		assertThat(check("KILL_NGINX_WORKER", T + 2505, null, versions("v2"))).as("a timeout is no cut").hasSize(1);
	}

	@Test
	void aRequestCutOnTheKilledInstanceIsExcusedButOneOnAnotherIsNot() throws IOException {
		rollingDeployOf9001();
		request("a-1", T + 2500, T + 2600, 502, "127.0.0.1:9002");

		assertThat(check("KILL_VERIFIED_INSTANCE", T + 2550, "127.0.0.1:9002", versions("v2"))).isEmpty();
		assertThat(check("KILL_VERIFIED_INSTANCE", T + 2550, "127.0.0.1:9001", versions("v2"))).hasSize(1);
	}

	@Test
	void aDeployThatNeverEndedOrLeftTwoVersionsIsAViolation() throws IOException {
		step(T + 1000, "{\"type\":\"DeployStarted\",\"deployId\":\"d-1\",\"service\":\"orders\"}");

		assertThat(check("MALFORMED_RECORD", T + 500, null, Map.of("127.0.0.1:9001", "v1", "127.0.0.1:9002", "v2")))
			.extracting(Violation::promise)
			.containsExactly("ended within its bound");
		this.steps
			.add(new Step(T + 5000, json("{\"type\":\"DeployFailed\",\"deployId\":\"d-1\",\"service\":\"orders\"}")));
		assertThat(check("MALFORMED_RECORD", T + 500, null, Map.of("127.0.0.1:9001", "v1", "127.0.0.1:9002", "v2")))
			.extracting(Violation::promise)
			.containsExactly("every instance on one version afterwards");
	}

	@Test
	void aDeployTheCommandRefusedToAskForIsAViolation() throws IOException {
		this.refused = "baton: nothing to roll back to";

		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v1"))).extracting(Violation::promise)
			.containsExactly("every deploy asked for");
	}

	@Test
	void twoDeploysOfOneServiceAtOnceAreAViolation() throws IOException {
		rollingDeployOf9001();
		step(T + 1500, "{\"type\":\"DeployStarted\",\"deployId\":\"other\",\"service\":\"orders\"}");
		step(T + 2500,
				"{\"type\":\"DeploySucceeded\",\"deployId\":\"other\",\"service\":\"orders\",\"version\":\"v2\"}");

		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v2"))).extracting(Violation::promise)
			.containsExactly("one deploy of a service at a time");
	}

	@Test
	void aWebSocketOrAStreamMayEndByItsClientOrItsCompletionOnly() throws IOException {
		rollingDeployOf9001();
		connection("websocket", "client", null, 0, 0);
		connection("events", "server", "complete", 0, 0);
		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v2"))).isEmpty();

		connection("websocket", "server", "going away", 0, 0);
		connection("events", "server", "going away", 0, 0);
		connection("websocket", "client", null, 2, 0);
		assertThat(check("MALFORMED_RECORD", T + 500, null, versions("v2"))).hasSize(3)
			.allSatisfy((violation) -> assertThat(violation.promise()).startsWith("no long-lived connection"));
	}

	@Test
	void aWebSocketCutByTheWorkerKillIsExcusedOnlyRightAfterIt() throws IOException {
		rollingDeployOf9001();
		connection("websocket", "error", "reset", 0, 0);
		this.connectionLines.add(this.connectionLines.get(0)
			.replace("\"closedBy\":\"error\",\"error\":\"reset\"", "\"closedBy\":\"server\",\"code\":1006"));

		assertThat(check("KILL_NGINX_WORKER", T + 2900, null, versions("v2"))).isEmpty();
		assertThat(check("KILL_NGINX_WORKER", T + 1000, null, versions("v2"))).hasSize(2);
	}

	@Test
	void readsNginxsRetriesAndTheLoadGeneratorsLines() {
		ProxiedRequest retried = ProxiedRequest
			.parse("1796640001.500 0.250 200 GET /work \"127.0.0.1:9001, 127.0.0.1:9002\" \"502, 200\" x-7 12");

		assertThat(retried.peers()).containsExactly("127.0.0.1:9001", "127.0.0.1:9002");
		assertThat(retried.startedAt()).isEqualTo(T + 1250);
		assertThat(retried.id()).isEqualTo("x-7");
		assertThat(ClientRequest.parse("x-7\tGET\t1\t2\t0\treset").failed()).isTrue();
		assertThat(ClientRequest.parse("x-8\tPOST\t1\t2\t201\t-").failed()).isFalse();
	}

	/**
	 * d-1 restarts 127.0.0.1:9001 from T+1000 to its verification at T+2000, and succeeds
	 * at T+3000.
	 */
	private void rollingDeployOf9001() {
		step(T + 500, "{\"type\":\"DeployStarted\",\"deployId\":\"d-1\",\"service\":\"orders\"}");
		step(T + 1000, "{\"type\":\"InstanceRestartStarted\",\"deployId\":\"d-1\",\"instanceId\":\"orders-1\","
				+ "\"host\":\"127.0.0.1\",\"port\":9001,\"stepId\":\"s-1\"}");
		step(T + 2000,
				"{\"type\":\"InstanceVerified\",\"deployId\":\"d-1\",\"instanceId\":\"orders-1\",\"stepId\":\"s-1\"}");
		step(T + 3000, "{\"type\":\"DeploySucceeded\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v2\"}");
	}

	/** A connection on port 9002 that ended at T+3000. */
	private void connection(String kind, String closedBy, String reason, int unanswered, int bad) {
		this.connectionLines.add("{\"kind\":\"" + kind + "\",\"client\":\"c\",\"connection\":"
				+ this.connectionLines.size() + ",\"closedAt\":\"" + java.time.Instant.ofEpochMilli(T + 3000)
				+ "\",\"closedBy\":\"" + closedBy + "\","
				+ ((closedBy.equals("error")) ? "\"error\":\"" + reason + "\","
						: (reason != null) ? "\"reason\":\"" + reason + "\"," : "")
				+ "\"unanswered\":" + unanswered + ",\"bad\":" + bad + ",\"port\":9002}");
	}

	private void step(long at, String json) {
		this.steps.add(new Step(at, json(json)));
	}

	private void request(String id, long sent, long ended, int status, String peer) {
		this.requestLines
			.add(id + "\tGET\t" + sent + "\t" + ended + "\t" + status + "\t" + ((status == 0) ? "reset" : "-"));
		if (peer != null) {
			this.accessLines.add(String.format("%d.%03d %.3f %d GET /work \"%s\" \"%d\" %s 1", ended / 1000,
					ended % 1000, (ended - sent) / 1000.0, status, peer, status, id));
		}
	}

	private List<Violation> check(String fault, long faultAt, String killed, Map<String, String> versions)
			throws IOException {
		Files.write(this.directory.resolve("requests-001.tsv"), this.requestLines);
		Files.write(this.directory.resolve("connections-001.jsonl"), this.connectionLines);
		Path access = this.directory.resolve("access.log");
		Files.write(access, this.accessLines);
		JournalEntry deploy = new JournalEntry(1, "d-1", "ROLLING", false, T, 240_000, "requests-001.tsv",
				"connections-001.jsonl", fault, fault, true, faultAt, killed, versions, this.refused, false);
		List<Step> sorted = new ArrayList<>(this.steps);
		sorted.sort(java.util.Comparator.comparingLong(Step::at));
		SoakChecker checker = new SoakChecker(this.directory, access, 7, List.of(deploy), sorted,
				Map.of("orders-1", "127.0.0.1:9001", "orders-2", "127.0.0.1:9002"));
		checker.check();
		return checker.violations();
	}

	private static Map<String, String> versions(String version) {
		return Map.of("127.0.0.1:9001", version, "127.0.0.1:9002", version);
	}

	private static JsonNode json(String text) {
		return Json.mapper().readTree(text);
	}

}
