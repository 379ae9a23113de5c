package dev.baton.nginx;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.baton.nginx.dataplane.ControlClient;
import dev.baton.nginx.observability.NginxHealthIndicator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What operators see of a node, against a real nginx and a real broker: the in-flight
 * count of a draining peer on {@code nginx.events}, metrics on Prometheus, nginx in the
 * health endpoint, and command ids in structured logs. Subclasses choose the broker.
 */
abstract class ObservabilityIntegrationTests extends NodeWorldTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final JsonMapper json = JsonMapper.builder().build();

	private RunningNode node(String mode, String... properties) {
		return this.world.node("node-a", mode, List.of("orders"), properties);
	}

	@Test
	void reportsTheInFlightCountWhileAPeerDrainsAndNothingOnceItDrained() {
		UpstreamServer slow = closeLater(new UpstreamServer());
		UpstreamServer other = closeLater(new UpstreamServer());
		RunningNode node = node("managed");
		this.topics.up("orders", slow.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(slow.endpoint())));
		CompletableFuture<HttpResponse<String>> slowRequest = slowRequest(node, 500);
		await().atMost(WAIT).until(() -> slow.inProgress() == 1);

		this.topics.up("orders", other.endpoint());
		String close = this.topics.gate("orders", slow.endpoint(), "DEPLOY", false);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrained", close, "node-a").isPresent());
		// A later answer about the same service shares the partition: once it is there,
		// whatever the node said about the drain is there before it.
		String open = this.topics.gate("orders", slow.endpoint(), "DEPLOY", true);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", open, "node-a").isPresent());

		List<JsonNode> aboutClose = this.topics.events()
			.stream()
			.filter((event) -> close.equals(event.path("commandId").asString()))
			.toList();
		List<String> types = aboutClose.stream().map((event) -> event.get("type").asString()).toList();
		assertThat(types).startsWith("PeerApplied", "PeerDraining").endsWith("PeerDrained");
		assertThat(types.subList(1, types.size() - 1)).containsOnly("PeerDraining");
		List<JsonNode> draining = aboutClose.subList(1, aboutClose.size() - 1);
		assertThat(draining.get(0).get("inFlight").asLong()).isEqualTo(1);
		assertThat(draining.get(0).get("since").asString()).isEqualTo(aboutClose.get(0).get("at").asString());
		for (int i = 1; i < draining.size(); i++) {
			assertThat(Duration.between(at(draining.get(i - 1)), at(draining.get(i))))
				.as("time between two in-flight reports")
				.isGreaterThanOrEqualTo(Duration.ofMillis(500));
		}
		assertThat(slowRequest.join().statusCode()).isEqualTo(200);
	}

	@Test
	void exposesCommandLatencyDrainTimesInFlightAndDeadLettersOnPrometheus() {
		UpstreamServer slow = closeLater(new UpstreamServer());
		UpstreamServer fast = closeLater(new UpstreamServer());
		RunningNode node = node("managed");
		this.topics.up("orders", slow.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(slow.endpoint())));
		slowRequest(node, 4000);
		await().atMost(WAIT).until(() -> slow.inProgress() == 1);

		String closeSlow = this.topics.close("orders", slow.endpoint(), "DEPLOY", Duration.ofSeconds(2));
		String inFlight = "baton_nginx_inflight{peer=\"" + slow.endpoint().address() + "\",service=\"orders\"}";
		await().atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(() -> value(node, inFlight) == 1);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerDrainTimedOut", closeSlow, "node-a").isPresent());
		this.topics.up("orders", fast.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(fast.endpoint())));
		String closeFast = this.topics.gate("orders", fast.endpoint(), "DEPLOY", false);
		String unserved = this.topics.gate("payments", fast.endpoint(), "ADMIN", true);
		this.world.kafka().send(this.world.prefix() + "nginx.commands", "orders/127.0.0.1:9/ADMIN", "this is not JSON");

		String deadLetters = "baton_dead_letters_total{topic=\"" + this.world.prefix() + "nginx.commands\"}";
		await().atMost(WAIT)
			.until(() -> value(node, deadLetters) == 1 && value(node, count("drain", "drained", "orders")) == 1
					&& value(node, count("command_applied", "rejected", "payments")) == 1);
		assertThat(this.topics.answer("PeerDrained", closeFast, "node-a")).isPresent();
		assertThat(this.topics.answer("CommandRejected", unserved, "node-a")).isPresent();
		String metrics = node.get("/actuator/prometheus").body();
		assertThat(value(metrics, count("command_applied", "applied", "orders"))).as("commands applied").isEqualTo(6);
		assertThat(value(metrics, "baton_nginx_command_applied_seconds_sum{outcome=\"applied\",service=\"orders\"}"))
			.isPositive();
		assertThat(value(metrics, count("drain", "timed_out", "orders"))).isEqualTo(1);
		assertThat(value(metrics, "baton_nginx_drain_seconds_max{outcome=\"timed_out\",service=\"orders\"}"))
			.isGreaterThanOrEqualTo(2);
		assertThat(metrics).as("in-flight gauge once no peer drains").doesNotContain("baton_nginx_inflight{");
	}

	@Test
	void nginxHealthIsUpWithTheEpochAndDownWithTheReasonWhenNginxIsGoneOrRefusesTheToken() throws Exception {
		RunningNode node = node("attached");
		JsonNode before = health(node);
		assertThat(before.path("status").asString()).isEqualTo("DOWN");
		assertThat(before.at("/details/reason").asString()).contains("did not answer");

		AttachedNginx nginx = closeLater(new AttachedNginx(node.workingDirectory().resolve("operator"),
				node.workingDirectory().resolve("baton.conf")));
		nginx.start();
		JsonNode up = await().atMost(WAIT)
			.until(() -> health(node), (health) -> "UP".equals(health.path("status").asString()));
		assertThat(up.at("/details/epoch").asString()).isEqualTo(node.control().epoch());
		assertThat(node.get("/actuator/health").statusCode()).isEqualTo(200);
		Health wrongToken = new NginxHealthIndicator(new ControlClient(node.controlEndpoint(), "not-the-token-at-all"),
				node.controlEndpoint())
			.health();
		assertThat(wrongToken.getStatus()).isEqualTo(Status.DOWN);
		assertThat(wrongToken.getDetails().get("reason").toString()).contains("401");

		nginx.kill();
		JsonNode gone = await().atMost(WAIT)
			.until(() -> health(node), (health) -> "DOWN".equals(health.path("status").asString()));
		assertThat(gone.at("/details/reason").asString()).contains("did not answer");
		assertThat(node.get("/actuator/health").statusCode()).isEqualTo(503);
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void logsEachAnswerAsEcsJsonNamingItsCommandServiceAndPeer(CapturedOutput output) {
		UpstreamServer app = closeLater(new UpstreamServer());
		node("managed", "logging.structured.format.console=ecs");

		String open = this.topics.gate("orders", app.endpoint(), "ADMIN", true);

		JsonNode line = await().atMost(WAIT)
			.ignoreExceptions()
			.until(() -> output.getOut()
				.lines()
				.filter((text) -> text.startsWith("{") && text.contains(open))
				.map(json::readTree)
				.filter((log) -> log.path("message").asString().startsWith("Applied command"))
				.findFirst()
				.orElse(null), (log) -> log != null);
		assertThat(line.at("/baton/commandId").asString()).isEqualTo(open);
		assertThat(line.at("/baton/service").asString()).isEqualTo("orders");
		assertThat(line.at("/baton/peer").asString()).isEqualTo(app.endpoint().address());
		assertThat(line.at("/service/name").asString()).isEqualTo("nginx-control-service");
	}

	private static CompletableFuture<HttpResponse<String>> slowRequest(RunningNode node, int millis) {
		return HttpClient.newHttpClient()
			.sendAsync(HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + node.listenPort("orders") + "/slow?hold=" + millis))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static Instant at(JsonNode event) {
		return Instant.parse(event.get("at").asString());
	}

	private static JsonNode health(RunningNode node) {
		return json.readTree(node.get("/actuator/health/nginx").body());
	}

	private static String count(String timer, String outcome, String service) {
		return "baton_nginx_" + timer + "_seconds_count{outcome=\"" + outcome + "\",service=\"" + service + "\"}";
	}

	private static double value(RunningNode node, String series) {
		return value(node.get("/actuator/prometheus").body(), series);
	}

	/**
	 * One sample of the Prometheus text format.
	 * @return its value, or -1 when the series is not there
	 */
	private static double value(String exposition, String series) {
		return exposition.lines()
			.filter((line) -> line.startsWith(series + " "))
			.mapToDouble((line) -> Double.parseDouble(line.substring(series.length() + 1).trim().split(" ")[0]))
			.findFirst()
			.orElse(-1);
	}

}
