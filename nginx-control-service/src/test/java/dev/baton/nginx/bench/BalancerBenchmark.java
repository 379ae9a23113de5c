package dev.baton.nginx.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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
import dev.baton.nginx.dataplane.ControlClient;

import static org.awaitility.Awaitility.await;

/**
 * One run, side by side on one nginx process: wrk through static upstreams and through
 * the Lua balancer (2 and 1,000 peers, all served by a backend nginx), then gate command
 * to {@code PeerApplied} latency and last request end to {@code PeerDrained} latency
 * through a real broker. Run with
 * {@code ./mvnw -q -B -pl nginx-control-service test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.baton.nginx.bench.BalancerBenchmark}.
 */
public final class BalancerBenchmark {

	private static final String TOKEN = "benchmark-control-token";

	private static final String PREFIX = "bench.";

	private static final int ROUNDS = 5;

	private static final Wrk WRK = new Wrk(1, 32, 3);

	private static final int WARM_UP_COMMANDS = 20;

	private static final int WARM_UP_DRAINS = 3;

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
		Map<String, Integer> ports = Map.of("static-two", FreePorts.next(), "static-thousand", FreePorts.next(),
				"lua-two", FreePorts.next(), "lua-thousand", FreePorts.next(), "drain", FreePorts.next(), "bare-two",
				FreePorts.next());
		Endpoint control = new Endpoint("127.0.0.1", FreePorts.next());
		try (BenchNginx backend = BenchNginx.backend(root.resolve("backend"), thousand);
				UpstreamServer slow = new UpstreamServer();
				ConfigurableApplicationContext node = startNode(broker.getBrokersAsString(), root.resolve("node"),
						ports, control);
				BenchNginx front = BenchNginx.front(root.resolve("front"), root.resolve("node/baton.conf"),
						ports.get("static-two"), two, ports.get("static-thousand"), thousand, ports.get("bare-two"));
				TestKafka kafka = new TestKafka(broker.getBrokersAsString());
				EventWatcher events = new EventWatcher(broker.getBrokersAsString(), PREFIX + "nginx.events")) {
			backend.start();
			front.start();
			awaitListening(thousand.get(thousand.size() - 1));
			GateTopics topics = new GateTopics(kafka, kafka::send, PREFIX);
			ControlClient client = new ControlClient(control, TOKEN);
			two.forEach((port) -> topics.up("lua-two", endpoint(port)));
			thousand.forEach((port) -> topics.up("lua-thousand", endpoint(port)));
			topics.up("drain", slow.endpoint());
			await().atMost(Duration.ofMinutes(2))
				.pollInterval(Duration.ofMillis(100))
				.ignoreExceptions()
				.until(() -> upCount(client, "lua-thousand") == 1000 && upCount(client, "lua-two") == 2
						&& upCount(client, "drain") == 1);
			throughput(ports, front);
			gateLatency(topics, events, endpoint(two.get(0)));
			drainLatency(topics, events, slow, ports.get("drain"));
		}
		finally {
			broker.destroy();
		}
	}

	private static void throughput(Map<String, Integer> ports, BenchNginx front) {
		List<String> names = List.of("static-two", "bare-two", "lua-two", "static-thousand", "lua-thousand");
		names.forEach((name) -> new Wrk(1, 32, 2).run(ports.get(name)));
		Map<String, List<Wrk.Result>> results = new LinkedHashMap<>();
		Map<String, List<Double>> cpu = new LinkedHashMap<>();
		for (int round = 0; round < ROUNDS; round++) {
			for (String name : names) {
				long ticks = front.workerCpuTicks();
				Wrk.Result result = WRK.run(ports.get(name));
				results.computeIfAbsent(name, (key) -> new ArrayList<>()).add(result);
				cpu.computeIfAbsent(name, (key) -> new ArrayList<>())
					.add((front.workerCpuTicks() - ticks) * 10_000.0 / result.requests());
			}
		}
		System.out.printf("%nThroughput: wrk -t1 -c32 -d3s, %d rounds interleaved, median of each; nginx 1 worker%n",
				ROUNDS);
		System.out.printf("%-11s %12s %12s %7s %13s %13s %15s %15s%n", "peers", "static req/s", "lua req/s", "ratio",
				"static p99 ms", "lua p99 ms", "static cpu us/r", "lua cpu us/r");
		row("2", results.get("static-two"), results.get("lua-two"), cpu.get("static-two"), cpu.get("lua-two"));
		row("2 bare lua", results.get("static-two"), results.get("bare-two"), cpu.get("static-two"),
				cpu.get("bare-two"));
		row("1000", results.get("static-thousand"), results.get("lua-thousand"), cpu.get("static-thousand"),
				cpu.get("lua-thousand"));
		System.out.printf(
				"(cpu us/r: CPU time of the front nginx worker per request; 2 bare lua: a balancer_by_lua that only sets"
						+ " one of the 2 peers, the floor of any Lua balancer; load average during the run: %.1f)%n",
				ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
		results.forEach((name, runs) -> runs.stream()
			.filter((run) -> !run.errors().isEmpty())
			.forEach((run) -> System.out.println("  " + name + ": " + run.errors())));
	}

	private static void row(String label, List<Wrk.Result> staticRuns, List<Wrk.Result> luaRuns, List<Double> staticCpu,
			List<Double> luaCpu) {
		double staticRps = Percentiles.of(staticRuns.stream().map(Wrk.Result::requestsPerSecond).toList(), 50);
		double luaRps = Percentiles.of(luaRuns.stream().map(Wrk.Result::requestsPerSecond).toList(), 50);
		System.out.printf("%-11s %12.0f %12.0f %7.3f %13.2f %13.2f %15.2f %15.2f%n", label, staticRps, luaRps,
				luaRps / staticRps, Percentiles.of(staticRuns.stream().map(Wrk.Result::p99Millis).toList(), 50),
				Percentiles.of(luaRuns.stream().map(Wrk.Result::p99Millis).toList(), 50), Percentiles.of(staticCpu, 50),
				Percentiles.of(luaCpu, 50));
	}

	private static void gateLatency(GateTopics topics, EventWatcher events, Endpoint peer) throws Exception {
		List<Double> nodeSide = new ArrayList<>();
		List<Double> endToEnd = new ArrayList<>();
		List<Double> warmUp = new ArrayList<>();
		for (int i = 0; i < WARM_UP_COMMANDS + 200; i++) {
			boolean open = i % 2 == 1;
			Instant sent = Instant.now();
			String id = topics.gate("lua-two", peer, "DEPLOY", open);
			EventWatcher.Arrival applied = events.await("PeerApplied", id, Duration.ofSeconds(10));
			(i < WARM_UP_COMMANDS ? warmUp : nodeSide).add(millis(sent, applied.at()));
			if (i >= WARM_UP_COMMANDS) {
				endToEnd.add(millis(sent, applied.received()));
			}
			if (!open) {
				events.await("PeerDrained", id, Duration.ofSeconds(10));
			}
		}
		System.out.printf("%nGate command -> PeerApplied, %d commands, one at a time, after %d warm-up commands"
				+ " (slowest %.2f ms):%n", nodeSide.size(), warmUp.size(), Percentiles.of(warmUp, 100));
		System.out.printf(
				"  published -> applied in nginx (event's at):  p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms%n",
				Percentiles.of(nodeSide, 50), Percentiles.of(nodeSide, 90), Percentiles.of(nodeSide, 99),
				Percentiles.of(nodeSide, 100));
		System.out.printf("  published -> PeerApplied read back by a consumer: p50 %.2f ms  p99 %.2f ms%n",
				Percentiles.of(endToEnd, 50), Percentiles.of(endToEnd, 99));
	}

	private static void drainLatency(GateTopics topics, EventWatcher events, UpstreamServer slow, int port)
			throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		List<Double> signal = new ArrayList<>();
		List<Double> endToEnd = new ArrayList<>();
		List<Double> warmUp = new ArrayList<>();
		// The app stamps a request's end just before it writes the answer. Its
		// first answer would run through code the JVM has not loaded yet, so it
		// answers once directly.
		http.send(HttpRequest.newBuilder(URI.create("http://" + slow.endpoint().address() + "/")).build(),
				HttpResponse.BodyHandlers.ofString());
		for (int i = 0; i < WARM_UP_DRAINS + 20; i++) {
			String open = topics.gate("drain", slow.endpoint(), "DEPLOY", true);
			events.await("PeerApplied", open, Duration.ofSeconds(10));
			CompletableFuture<HttpResponse<String>> request = http.sendAsync(
					HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/?hold=200")).build(),
					HttpResponse.BodyHandlers.ofString());
			await().atMost(Duration.ofSeconds(10))
				.pollInterval(Duration.ofMillis(1))
				.until(() -> slow.inProgress() == 1);
			String close = topics.gate("drain", slow.endpoint(), "DEPLOY", false);
			EventWatcher.Arrival drained = events.await("PeerDrained", close, Duration.ofSeconds(10));
			if (request.join().statusCode() != 200) {
				throw new IllegalStateException("the slow request failed");
			}
			if (i < WARM_UP_DRAINS) {
				warmUp.add(millis(slow.lastEnd(), drained.at()));
				continue;
			}
			signal.add(millis(slow.lastEnd(), drained.at()));
			endToEnd.add(millis(slow.lastEnd(), drained.received()));
		}
		System.out.printf(
				"%nLast request end (at the app) -> PeerDrained, %d drains of a 200 ms request, after %d"
						+ " warm-up drains (%s ms, not counted):%n",
				signal.size(), warmUp.size(), warmUp.stream().map((millis) -> String.format("%.1f", millis)).toList());
		System.out.printf("  -> node saw in-flight 0 (event's at):  p50 %.2f ms  p99 %.2f ms  max %.2f ms%n",
				Percentiles.of(signal, 50), Percentiles.of(signal, 99), Percentiles.of(signal, 100));
		System.out.printf("  -> PeerDrained read back by a consumer: p50 %.2f ms  p99 %.2f ms%n",
				Percentiles.of(endToEnd, 50), Percentiles.of(endToEnd, 99));
		System.out.printf("  each drain in order (ms): %s%n",
				signal.stream().map((millis) -> String.format("%.1f", millis)).toList());
	}

	private static ConfigurableApplicationContext startNode(String bootstrap, Path work, Map<String, Integer> ports,
			Endpoint control) {
		List<String> arguments = new ArrayList<>(List.of("--spring.kafka.bootstrap-servers=" + bootstrap,
				"--server.port=0", "--spring.main.banner-mode=off", "--logging.level.root=WARN",
				"--baton.kafka.topic-prefix=" + PREFIX, "--baton.nginx-control.node-id=bench",
				"--baton.nginx-control.mode=attached", "--baton.nginx-control.nginx.working-directory=" + work,
				"--baton.nginx-control.control.address=" + control.address(),
				"--baton.nginx-control.control.token=" + TOKEN));
		for (String route : List.of("lua-two", "lua-thousand", "drain")) {
			arguments.add("--baton.nginx-control.routes." + route + ".listen=127.0.0.1:" + ports.get(route));
		}
		return new SpringApplicationBuilder(NginxControlApplication.class).run(arguments.toArray(String[]::new));
	}

	private static long upCount(ControlClient client, String service) {
		return client.peers(ServiceName.of(service)).peers().peers().stream().filter((peer) -> peer.up()).count();
	}

	private static Endpoint endpoint(int port) {
		return new Endpoint("127.0.0.1", port);
	}

	private static double millis(Instant from, Instant to) {
		return Duration.between(from, to).toNanos() / 1_000_000.0;
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
		await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).ignoreExceptions().until(() -> {
			try (Socket socket = new Socket("127.0.0.1", port)) {
				return true;
			}
		});
	}

}
