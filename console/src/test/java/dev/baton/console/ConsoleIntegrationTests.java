package dev.baton.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import dev.baton.contracts.CommandId;
import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.kafka.testing.TestKafka;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The console against a real broker: the records Baton's services write go on its topics,
 * a browser's requests go to its HTTP port, and a stand-in for the registry's admin API
 * records what the console passes on to it. Subclasses choose the broker.
 */
abstract class ConsoleIntegrationTests {

	private static final String TOKEN = "integration-test-admin-token";

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final Instant NOW = Instant.now();

	private final HttpClient http = HttpClient.newHttpClient();

	private final List<String> decisions = new CopyOnWriteArrayList<>();

	private String prefix;

	private TestKafka kafka;

	private HttpServer registry;

	private ConfigurableApplicationContext console;

	private int port;

	/**
	 * The broker the tests run against.
	 * @return its bootstrap servers
	 */
	abstract String bootstrapServers();

	@BeforeEach
	void start() throws IOException {
		this.prefix = "t" + UUID.randomUUID().toString().substring(0, 8) + ".";
		this.kafka = new TestKafka(bootstrapServers());
		this.registry = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.registry.createContext("/api/instances/", (exchange) -> {
			try (InputStream body = exchange.getRequestBody()) {
				this.decisions.add(exchange.getRequestURI().getPath() + " "
						+ exchange.getRequestHeaders().getFirst("Authorization") + " "
						+ new String(body.readAllBytes(), StandardCharsets.UTF_8));
			}
			byte[] answer = "{\"instanceId\":\"orders-1\",\"lifecycle\":\"OFFLINE\"}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, answer.length);
			exchange.getResponseBody().write(answer);
			exchange.close();
		});
		this.registry.start();
		startConsole();
	}

	private void startConsole(String... more) {
		List<String> args = new ArrayList<>(
				List.of("--spring.kafka.bootstrap-servers=" + bootstrapServers(), "--server.port=0",
						"--baton.kafka.topic-prefix=" + this.prefix, "--baton.console.registry-token=" + TOKEN,
						"--baton.console.registry-url=http://127.0.0.1:" + this.registry.getAddress().getPort(),
						"--spring.main.banner-mode=off"));
		args.addAll(List.of(more));
		this.console = new SpringApplicationBuilder(ConsoleApplication.class).run(args.toArray(String[]::new));
		this.port = Integer.parseInt(this.console.getEnvironment().getProperty("local.server.port"));
	}

	@AfterEach
	void stop() {
		this.console.close();
		this.registry.stop(0);
		this.kafka.close();
	}

	@Test
	void withoutASessionNothingIsShownAndNothingDone() throws Exception {
		assertThat(get("/api/view", null).statusCode()).isEqualTo(401);
		assertThat(get("/events", null).statusCode()).isEqualTo(401);
		assertThat(post("/api/instances/orders-1/offline", "{}", null).statusCode()).isEqualTo(401);
		HttpResponse<String> page = get("/", null);
		assertThat(page.statusCode()).isEqualTo(302);
		assertThat(page.headers().firstValue("Location"))
			.hasValueSatisfying((to) -> assertThat(to).endsWith("/login.html"));
		assertThat(this.decisions).isEmpty();
	}

	@Test
	void aWrongTokenOrNameLogsNobodyIn() throws Exception {
		HttpResponse<String> wrong = login("ops", "not-the-token-at-all");
		assertThat(wrong.headers().firstValue("Location")).hasValue("/login.html?error=token");
		assertThat(wrong.headers().firstValue("Set-Cookie")).isEmpty();
		HttpResponse<String> badName = login("ops; rm -rf", TOKEN);
		assertThat(badName.headers().firstValue("Location")).hasValue("/login.html?error=name");
		assertThat(badName.headers().firstValue("Set-Cookie")).isEmpty();
	}

	@Test
	void theViewShowsTheFleetWithEachNodesViewOfADrain() throws Exception {
		String session = session("ops");
		publish("registry.state", "orders-1", online("orders-1", 9001));
		publish("registry.state", "orders-2", online("orders-2", 9002));
		publish("nginx.events", "edge-1", new PeerDraining(NodeId.of("edge-1"), CommandId.random(),
				ServiceName.of("orders"), "127.0.0.1", 9001, 3, NOW, NOW));

		await().atMost(WAIT).untilAsserted(() -> {
			JsonNode view = json.readTree(get("/api/view", session).body());
			assertThat(view.path("instances")).hasSize(2);
			assertThat(view.path("instances").get(0).path("nodes").path("edge-1").asString())
				.isEqualTo("draining, 3 in flight");
		});
	}

	@Test
	void aPageIsSentTheWholeViewThenEachStepAsItComes() throws Exception {
		String session = session("ops");
		BlockingQueue<String> events = events(session);
		assertThat(events.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("view");

		publish("deploy.steps", "orders",
				new DeployStarted(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"),
						List.of(List.of(InstanceId.of("orders-1"))), Map.of(), "ops", NOW, null, 0, 0, false));
		publish("deploy.steps", "orders", "{\"type\":\"NotAStep\"}");
		publish("deploy.steps", "orders", new InstanceDrained(DeployId.of("d-1"), ServiceName.of("orders"),
				InstanceId.of("orders-1"), DeployPhase.ROLLOUT, List.of(NodeId.of("edge-1")), false, 12, NOW));

		awaitEvent(events, "deploy");
		// the malformed record went to the dead letters, and the next step still came
		awaitEvent(events, "deploy");
		JsonNode deploy = json.readTree(get("/api/view", session).body()).path("deploys").get(0);
		assertThat(deploy.path("steps").findValuesAsString("type")).containsExactly("DeployStarted", "InstanceDrained");
		await().atMost(WAIT).until(() -> !this.kafka.readAll(this.prefix + "deploy.steps-dlt").isEmpty());
	}

	@Test
	void anOperatorsDecisionGoesToTheRegistryInTheirName() throws Exception {
		String session = session("alice");
		HttpResponse<String> offline = post("/api/instances/orders-1/offline", "{\"reason\":\"disk\"}", session);
		assertThat(offline.statusCode()).isEqualTo(200);
		assertThat(json.readTree(offline.body()).path("lifecycle").asString()).isEqualTo("OFFLINE");
		assertThat(this.decisions).hasSize(1);
		assertThat(this.decisions.get(0)).startsWith("/api/instances/orders-1/offline Bearer " + TOKEN)
			.contains("\"by\":\"alice\"", "\"reason\":\"disk\"");

		HttpResponse<String> unknown = post("/api/instances/orders-1/reboot", "{}", session);
		assertThat(unknown.statusCode()).isEqualTo(400);
		assertThat(unknown.body()).contains("no action 'reboot'");
		assertThat(this.decisions).hasSize(1);
	}

	@Test
	void aDeployIsRequestedInTheOperatorsName() throws Exception {
		String session = session("alice");
		HttpResponse<String> deploy = post("/api/deploys", "{\"service\":\"orders\",\"version\":\"v2\"}", session);
		assertThat(deploy.statusCode()).isEqualTo(202);
		String deployId = json.readTree(deploy.body()).path("deployId").asString();
		await().atMost(WAIT)
			.untilAsserted(() -> assertThat(this.kafka.readAll(this.prefix + "deploy.requests"))
				.map((record) -> json.readTree(record.value()))
				.anySatisfy((request) -> {
					assertThat(request.path("deployId").asString()).isEqualTo(deployId);
					assertThat(request.path("requestedBy").asString()).isEqualTo("alice");
				}));

		assertThat(post("/api/deploys", "{\"service\":\"orders\"}", session).statusCode()).isEqualTo(400);
		assertThat(post("/api/deploys/d-404/pause", "{}", session).statusCode()).isEqualTo(409);
	}

	@Test
	void aRequestKafkaDoesNotTakeIsAnswered503WithWhy() throws Exception {
		this.console.close();
		int nothingListens;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			nothingListens = socket.getLocalPort();
		}
		// the page's view still comes from the real broker; only its requests go nowhere
		startConsole("--spring.kafka.producer.bootstrap-servers=127.0.0.1:" + nothingListens,
				"--spring.kafka.producer.properties[max.block.ms]=1000");

		HttpResponse<String> deploy = post("/api/deploys", "{\"service\":\"orders\",\"version\":\"v2\"}",
				session("alice"));

		assertThat(deploy.statusCode()).isEqualTo(503);
		assertThat(json.readTree(deploy.body()).path("error").asString())
			.startsWith("Kafka did not confirm the request")
			.contains("watch the deploys before asking again");
	}

	@Test
	void aRollbackIsRequestedInTheOperatorsNameAndRefusedWhileADeployRuns() throws Exception {
		String session = session("alice");
		publish("deploy.steps", "orders",
				new DeployStarted(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"),
						List.of(List.of(InstanceId.of("orders-1"))), Map.of(), "ops", NOW, null, 0, 0, false));
		await().atMost(WAIT)
			.until(() -> json.readTree(get("/api/view", session).body())
				.path("deploys")
				.path(0)
				.path("outcome")
				.asString(), "running"::equals);

		HttpResponse<String> refused = post("/api/services/orders/rollback", "{}", session);
		assertThat(refused.statusCode()).isEqualTo(409);
		assertThat(refused.body()).contains("deploy d-1 of orders is running");
		assertThat(post("/api/services/Orders!/rollback", "{}", session).statusCode()).isEqualTo(400);

		publish("deploy.steps", "orders",
				new DeploySucceeded(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"), 900, NOW));
		await().atMost(WAIT)
			.until(() -> json.readTree(get("/api/view", session).body())
				.path("deploys")
				.path(0)
				.path("outcome")
				.asString(), "succeeded"::equals);
		HttpResponse<String> rollback = post("/api/services/orders/rollback", "{\"reason\":\"errors\"}", session);
		assertThat(rollback.statusCode()).isEqualTo(202);
		String deployId = json.readTree(rollback.body()).path("deployId").asString();
		await().atMost(WAIT)
			.untilAsserted(() -> assertThat(this.kafka.readAll(this.prefix + "deploy.requests"))
				.map((record) -> json.readTree(record.value()))
				.anySatisfy((request) -> {
					assertThat(request.path("type").asString()).isEqualTo("RollbackDeploy");
					assertThat(request.path("deployId").asString()).isEqualTo(deployId);
					assertThat(request.path("requestedBy").asString()).isEqualTo("alice");
					assertThat(request.path("reason").asString()).isEqualTo("errors");
				}));
		assertThat(this.kafka.readAll(this.prefix + "deploy.requests")).hasSize(1);
	}

	@Test
	void aPageIsSentEachServicesRequestFiguresAsNodesCountThem() throws Exception {
		String session = session("ops");
		BlockingQueue<String> events = events(session);
		awaitEvent(events, "view");
		List<Long> buckets = new ArrayList<>(Collections.nCopies(PeerStats.LATENCY_BUCKETS_MILLIS.size() + 1, 0L));
		buckets.set(2, 50L);
		for (String node : List.of("edge-1", "edge-2")) {
			publish("nginx.events", "orders", new PeerStats(NodeId.of(node), ServiceName.of("orders"),
					NOW.minusSeconds(1), NOW, List.of(new PeerTally("127.0.0.1", 9001, 50, 2, 0, buckets))));
		}

		awaitEvent(events, "stats");
		await().atMost(WAIT).untilAsserted(() -> {
			JsonNode point = json.readTree(get("/api/view", session).body())
				.path("stats")
				.path(0)
				.path("points")
				.path(0);
			assertThat(point.path("requests").asLong()).isEqualTo(100);
			assertThat(point.path("failures").asLong()).isEqualTo(4);
			assertThat(point.path("p99Millis").asDouble()).isBetween(10.0, 25.0);
		});
	}

	private static InstanceSnapshot online(String id, int port) {
		return new InstanceSnapshot(InstanceId.of(id), ServiceName.of("orders"), "127.0.0.1", port, Version.of("v1"),
				"/health", Lifecycle.ONLINE, new ObservedHealth(HealthStatus.HEALTHY, Version.of("v1"), "", NOW), "ops",
				2, NOW);
	}

	private void publish(String topic, String key, Object message) {
		this.kafka.send(this.prefix + topic, key,
				(message instanceof String text) ? text : json.writeValueAsString(message));
	}

	private String session(String name) throws Exception {
		HttpResponse<String> login = login(name, TOKEN);
		assertThat(login.statusCode()).isEqualTo(303);
		assertThat(login.headers().firstValue("Location")).hasValue("/");
		String cookie = login.headers().firstValue("Set-Cookie").orElseThrow();
		assertThat(cookie).contains("HttpOnly").containsIgnoringCase("SameSite=Strict");
		return cookie.substring(0, cookie.indexOf(';'));
	}

	private HttpResponse<String> login(String name, String token) throws Exception {
		String form = "name=" + URLEncoder.encode(name, StandardCharsets.UTF_8) + "&token="
				+ URLEncoder.encode(token, StandardCharsets.UTF_8);
		return this.http.send(request("/login", null).header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(form))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> get(String path, String session) throws Exception {
		return this.http.send(request(path, session).GET().build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> post(String path, String body, String session) throws Exception {
		return this.http.send(request(path, session).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpRequest.Builder request(String path, String session) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(WAIT);
		return (session != null) ? request.header("Cookie", session) : request;
	}

	/** Waits for the next event of a kind, past those of other kinds (audit records). */
	private static void awaitEvent(BlockingQueue<String> events, String kind) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (System.nanoTime() < deadline) {
			if (kind.equals(events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS))) {
				return;
			}
		}
		throw new AssertionError("no " + kind + " event within " + WAIT);
	}

	/** The names of the events {@code /events} sends, as they come. */
	private BlockingQueue<String> events(String session) throws Exception {
		HttpResponse<InputStream> stream = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/events"))
				.header("Cookie", session)
				.GET()
				.build(), HttpResponse.BodyHandlers.ofInputStream());
		assertThat(stream.statusCode()).isEqualTo(200);
		BlockingQueue<String> names = new LinkedBlockingQueue<>();
		Thread reader = new Thread(() -> {
			try (BufferedReader lines = new BufferedReader(
					new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
				for (String line = lines.readLine(); line != null; line = lines.readLine()) {
					if (line.startsWith("event:")) {
						names.add(line.substring("event:".length()).strip());
					}
				}
			}
			catch (IOException ex) {
				// the console stopped
			}
		}, "sse-reader");
		reader.setDaemon(true);
		reader.start();
		return names;
	}

}
