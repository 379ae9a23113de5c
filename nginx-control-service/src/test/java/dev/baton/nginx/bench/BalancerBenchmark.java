package dev.baton.nginx.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.kafka.testing.TestKafka;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.nginx.GateTopics;
import dev.baton.nginx.NginxControlApplication;
import dev.baton.nginx.UpstreamServer;
import dev.baton.nginx.bench.ThroughputRounds.Upstream;
import dev.baton.nginx.dataplane.ControlClient;
import dev.baton.nginx.dataplane.PeerCounters;

import static org.awaitility.Awaitility.await;

/**
 * One run, side by side on one nginx process: wrk through static upstreams, bare
 * {@code balancer_by_lua} balancers, a ruler (the bare balancer plus a loop that takes
 * the target's 2 us of CPU time alone, which shows what that much work per request reads
 * as in the same table), the balancer as it was before weights and statistics (the
 * baseline, a copy kept under the test resources) and Baton's balancer, with and without
 * a canary, at 2 and 1,000 peers (all served by a backend nginx); then gate command to
 * {@code PeerApplied} latency and last request end to {@code PeerDrained} latency through
 * a real broker; last, with valgrind installed, the front worker's instructions and cache
 * misses per request through every upstream under callgrind. Run with
 * {@code ./mvnw -q -B -pl nginx-control-service test-compile exec:java}.
 */
public final class BalancerBenchmark {

	private static final String TOKEN = "benchmark-control-token";

	private static final String PREFIX = "bench.";

	/** The node's routes; every one but the drain's slow-starts for 1 s. */
	private static final List<String> ROUTES = List.of("lua-two", "lua-thousand", "lua-two-canary",
			"lua-thousand-canary", "drain");

	/** The routes wrk runs through. */
	private static final List<String> MEASURED = ROUTES.subList(0, 4);

	/** How many peers each route gets, which sizes its idle connections too. */
	private static final Map<String, Integer> PEERS = Map.of("lua-two", 2, "lua-thousand", 1000, "lua-two-canary", 2,
			"lua-thousand-canary", 1000, "drain", 1);

	/**
	 * The ruler's work per request: the target for the whole balancer over the bare one.
	 */
	private static final double RULER_MICROS = 2.0;

	private static final String RULER = "ruler (bare + " + RULER_MICROS + " us of work)";

	private BalancerBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		if (!Files.isExecutable(Path.of("/usr/sbin/nginx"))) {
			throw new IllegalStateException("the benchmark needs /usr/sbin/nginx with libnginx-mod-http-lua");
		}
		Path root = Files.createDirectories(Path.of("target", "bench", String.valueOf(ProcessHandle.current().pid())))
			.toAbsolutePath();
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 3);
		broker.afterPropertiesSet();
		List<Integer> thousand = freeRange(1000);
		List<Integer> two = thousand.subList(0, 2);
		Map<String, Integer> routes = ROUTES.stream()
			.collect(Collectors.toMap((route) -> route, (route) -> FreePorts.next()));
		BenchNginx.FrontPorts front = new BenchNginx.FrontPorts(FreePorts.next(), FreePorts.next(), FreePorts.next(),
				FreePorts.next(), FreePorts.next(), FreePorts.next(), FreePorts.next(), FreePorts.next(),
				FreePorts.next());
		Endpoint control = new Endpoint("127.0.0.1", FreePorts.next());
		try (BenchNginx backend = BenchNginx.backend(root.resolve("backend"), thousand);
				UpstreamServer slow = new UpstreamServer();
				ConfigurableApplicationContext node = startNode(broker.getBrokersAsString(), root.resolve("node"),
						routes, control);
				BenchNginx frontNginx = BenchNginx.front(root.resolve("front"), baseline(root.resolve("node")), front,
						two, thousand);
				TestKafka kafka = new TestKafka(broker.getBrokersAsString());
				EventWatcher events = new EventWatcher(broker.getBrokersAsString(), PREFIX + "nginx.events")) {
			backend.start();
			frontNginx.start();
			awaitListening(thousand.get(thousand.size() - 1));
			GateTopics topics = new GateTopics(kafka, kafka::send, PREFIX);
			ControlClient client = new ControlClient(control, TOKEN);
			for (String route : List.of("lua-two", "lua-two-canary")) {
				two.forEach((port) -> topics.up(route, endpoint(port)));
			}
			for (String route : List.of("lua-thousand", "lua-thousand-canary")) {
				thousand.forEach((port) -> topics.up(route, endpoint(port)));
			}
			topics.gate("lua-two-canary", endpoint(two.get(1)), "DEPLOY", true, 25);
			topics.gate("lua-thousand-canary", endpoint(thousand.get(0)), "DEPLOY", true, 25);
			topics.up("drain", slow.endpoint());
			awaitListening(front.baselinePeers());
			baselinePeers(front.baselinePeers(), "base-two", two);
			baselinePeers(front.baselinePeers(), "base-thousand", thousand);
			awaitEveryPeerUp(client, ROUTES);
			String iterations = ruler(front.baselinePeers(), "micros=" + RULER_MICROS);
			System.out.printf("%nRuler: the bare balancer plus a loop of %s iterations, %.1f us of CPU time alone"
					+ " (the fastest of 20 timings)%n", iterations, RULER_MICROS);
			List<Upstream> upstreams = List.of(new Upstream(2, "static", front.staticTwo()),
					new Upstream(2, "bare balancer_by_lua", front.bareTwo()), new Upstream(2, RULER, front.rulerTwo()),
					new Upstream(2, "baseline (before weights, stats)", front.baselineTwo()),
					new Upstream(2, "Baton", routes.get("lua-two")),
					new Upstream(2, "Baton, one peer at weight 25", routes.get("lua-two-canary")),
					new Upstream(1000, "static", front.staticThousand()),
					new Upstream(1000, "bare balancer_by_lua", front.bareThousand()),
					new Upstream(1000, RULER, front.rulerThousand()),
					new Upstream(1000, "baseline (before weights, stats)", front.baselineThousand()),
					new Upstream(1000, "Baton", routes.get("lua-thousand")),
					new Upstream(1000, "Baton, one peer at weight 25", routes.get("lua-thousand-canary")));
			ThroughputRounds rounds = new ThroughputRounds(frontNginx);
			rounds.run(upstreams);
			counted(client, rounds, routes);
			AnswerLatencies.gateCommands(topics, events, endpoint(two.get(0)));
			AnswerLatencies.drains(topics, events, slow, routes.get("drain"));
			if (InstructionCounts.available()) {
				Path dumps = Files.createDirectories(root.resolve("callgrind"));
				frontNginx.restartUnder(InstructionCounts.callgrind(dumps));
				awaitListening(front.baselinePeers(), Duration.ofMinutes(2));
				baselinePeers(front.baselinePeers(), "base-two", two);
				baselinePeers(front.baselinePeers(), "base-thousand", thousand);
				ruler(front.baselinePeers(), "iterations=" + iterations);
				// the node sees a new nginx (its epoch) and pushes every set to it again
				// (the drain route's peer was left drained)
				awaitEveryPeerUp(client, MEASURED);
				// nginx keeps the sets; the node's reads of its control endpoint, every
				// second, would weigh on a worker slowed down fifty times by callgrind
				node.close();
				new InstructionCounts(frontNginx, dumps).run(upstreams);
			}
			else {
				System.out.println("\n(no instruction counts: valgrind is not installed)");
			}
		}
		finally {
			broker.destroy();
		}
	}

	/**
	 * Puts the baseline balancer and the bare one where the node's snippet lets nginx
	 * find them ({@code baseline.balancer}, {@code baseline.bare}), once the node has
	 * written its files.
	 * @return the node's snippet
	 */
	private static Path baseline(Path work) throws IOException {
		Path directory = Files.createDirectories(work.resolve("lua/baseline"));
		copy("baseline-balancer.lua", directory.resolve("balancer.lua"));
		copy("bare-balancer.lua", directory.resolve("bare.lua"));
		return work.resolve("baton.conf");
	}

	private static void copy(String resource, Path target) throws IOException {
		try (InputStream in = BalancerBenchmark.class.getResourceAsStream(resource)) {
			Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
		}
	}

	private static void baselinePeers(int port, String service, List<Integer> peers) throws Exception {
		String body = peers.stream().map((peer) -> "127.0.0.1:" + peer + " up").collect(Collectors.joining("\n"));
		benchLocation(port, "baseline-peers?service=" + service, HttpRequest.BodyPublishers.ofString(body),
				"store the baseline's peers");
	}

	/**
	 * Sets the ruler's work (see {@code bare-balancer.lua}).
	 * @param query {@code micros=} to calibrate it, {@code iterations=} to set it
	 * @return its iterations
	 */
	private static String ruler(int port, String query) throws Exception {
		return benchLocation(port, "ruler?" + query, null, "set the ruler's work");
	}

	/**
	 * Calls one of the front nginx's {@code /bench/} locations: a PUT of the body, or a
	 * GET without one.
	 * @return what it answered
	 */
	private static String benchLocation(int port, String pathAndQuery, HttpRequest.BodyPublisher body, String what)
			throws Exception {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/bench/" + pathAndQuery));
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(((body != null) ? request.PUT(body) : request).build(), HttpResponse.BodyHandlers.ofString());
		if (answer.statusCode() != 200) {
			throw new IllegalStateException("cannot " + what + ": " + answer.body());
		}
		return answer.body().strip();
	}

	/** What nginx's own statistics say it served, against what wrk counted. */
	private static void counted(ControlClient client, ThroughputRounds rounds, Map<String, Integer> routes) {
		// a request is counted in its own log phase, not later by a timer: nothing to
		// wait for
		System.out.printf("%nPer-peer statistics nginx counted (requests / server errors / connect failures, all peers)"
				+ " against the requests wrk completed, warm-up included:%n");
		for (String route : MEASURED) {
			long requests = 0;
			long errors = 0;
			long failures = 0;
			for (PeerCounters counters : client.counters(ServiceName.of(route)).peers().values()) {
				requests += counters.requests();
				errors += counters.serverErrors();
				failures += counters.connectFailures();
			}
			System.out.printf("  %-20s %9d / %d / %d   wrk: %d%n", route, requests, errors, failures,
					rounds.sent(routes.get(route)));
		}
	}

	private static ConfigurableApplicationContext startNode(String bootstrap, Path work, Map<String, Integer> routes,
			Endpoint control) {
		List<String> arguments = new ArrayList<>(List.of("--spring.kafka.bootstrap-servers=" + bootstrap,
				"--server.port=0", "--spring.main.banner-mode=off", "--logging.level.root=WARN",
				"--baton.kafka.topic-prefix=" + PREFIX, "--baton.nginx-control.node-id=bench",
				"--baton.nginx-control.mode=attached", "--baton.nginx-control.nginx.working-directory=" + work,
				"--baton.nginx-control.control.address=" + control.address(),
				"--baton.nginx-control.control.token=" + TOKEN));
		for (String route : ROUTES) {
			arguments.add("--baton.nginx-control.routes." + route + ".listen=127.0.0.1:" + routes.get(route));
			if (!route.equals("drain")) {
				arguments.add("--baton.nginx-control.routes." + route + ".slow-start=1s");
			}
			arguments
				.add("--baton.nginx-control.routes." + route + ".keepalive=" + BenchNginx.keepalive(PEERS.get(route)));
		}
		return new SpringApplicationBuilder(NginxControlApplication.class).run(arguments.toArray(String[]::new));
	}

	/**
	 * Waits for the routes' peers up in nginx, and for their slow start (1 s) to end.
	 */
	private static void awaitEveryPeerUp(ControlClient client, List<String> routes) {
		await().atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(100))
			.ignoreExceptions()
			.until(() -> routes.stream().allMatch((route) -> upCount(client, route) == PEERS.get(route)));
		await().pollDelay(Duration.ofMillis(1500)).until(() -> true);
	}

	private static long upCount(ControlClient client, String service) {
		return client.peers(ServiceName.of(service)).peers().peers().stream().filter((peer) -> peer.up()).count();
	}

	private static Endpoint endpoint(int port) {
		return new Endpoint("127.0.0.1", port);
	}

	/** Consecutive free loopback ports below the ephemeral range. */
	private static List<Integer> freeRange(int count) throws IOException {
		for (int base = 20_000; base < 32_000; base += count) {
			List<Integer> ports = new ArrayList<>();
			for (int port = base; port < base + count && isFree(port); port++) {
				ports.add(port);
			}
			if (ports.size() == count) {
				return ports;
			}
		}
		throw new IOException("no " + count + " consecutive free ports between 20000 and 32000");
	}

	private static boolean isFree(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void awaitListening(int port) {
		awaitListening(port, Duration.ofSeconds(30));
	}

	private static void awaitListening(int port, Duration atMost) {
		await().atMost(atMost).pollInterval(Duration.ofMillis(50)).ignoreExceptions().until(() -> {
			try (Socket socket = new Socket("127.0.0.1", port)) {
				return true;
			}
		});
	}

}
