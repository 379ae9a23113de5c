package dev.baton.loadgen.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.OperatingSystemMXBean;
import com.sun.net.httpserver.HttpServer;

import dev.baton.loadgen.LoadSettings;
import dev.baton.loadgen.OpenLoad;

/**
 * What the load generator costs the machine it shares with the system it measures: CPU
 * per request at the demo's rate, through the JDK's asynchronous HTTP client (as the
 * generator sent before) against {@link OpenLoad}'s blocking keep-alive client, side by
 * side in alternating rounds. The target is a server in this JVM whose threads' CPU is
 * left out; what is counted is everything else the process spent (sending, the JIT, the
 * GC).
 *
 * <pre>
 * ./mvnw -q -B -pl loadgen test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.baton.loadgen.bench.LoadClientBenchmark [-Dexec.args="300 10 3"]
 * </pre>
 *
 * Arguments: requests per second, seconds per round, rounds of each.
 */
public final class LoadClientBenchmark {

	private static final String SERVER_THREAD = "bench-server";

	private LoadClientBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int rate = (args.length > 0) ? Integer.parseInt(args[0]) : 300;
		int seconds = (args.length > 1) ? Integer.parseInt(args[1]) : 10;
		int rounds = (args.length > 2) ? Integer.parseInt(args[2]) : 3;
		HttpServer server = startServer();
		URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
		LoadSettings settings = LoadSettings.defaults(target)
			.withRate(rate)
			.withDuration(Duration.ofSeconds(seconds))
			.withQuiet(true);
		try {
			jdkClient(settings.withDuration(Duration.ofSeconds(3)));
			new OpenLoad(settings.withDuration(Duration.ofSeconds(3))).run();
			System.out.printf("CPU per request at %d requests/s (GET:POST 2:1), %d s a round:%n", rate, seconds);
			System.out.printf("%-6s %24s %24s%n", "round", "JDK HttpClient (ms)", "keep-alive sockets (ms)");
			for (int round = 1; round <= rounds; round++) {
				double jdk = cpuMillisPerRequest(() -> jdkClient(settings));
				double sockets = cpuMillisPerRequest(() -> new OpenLoad(settings).run().requests());
				System.out.printf("%-6d %24.3f %24.3f%n", round, jdk, sockets);
			}
			System.out.printf(
					"(a core is 1,000 ms of CPU a second: at %d requests/s, 1 ms per request is %.2f of a" + " core)%n",
					rate, rate / 1000.0);
		}
		finally {
			server.stop(0);
		}
	}

	private static double cpuMillisPerRequest(Run run) throws Exception {
		long before = clientCpuNanos();
		long requests = run.requests();
		return (clientCpuNanos() - before) / 1e6 / requests;
	}

	/** The process's CPU time, less what the target server's threads used. */
	private static long clientCpuNanos() {
		OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		long server = 0;
		for (ThreadInfo thread : threads.getThreadInfo(threads.getAllThreadIds())) {
			if (thread != null && (thread.getThreadName().startsWith(SERVER_THREAD)
					|| thread.getThreadName().startsWith("HTTP-Dispatcher"))) {
				server += Math.max(0, threads.getThreadCpuTime(thread.getThreadId()));
			}
		}
		return os.getProcessCpuTime() - server;
	}

	/**
	 * The open model through {@code HttpClient.sendAsync}, as the generator sent it
	 * before: the same arrival times, request timeout and response threads.
	 */
	private static long jdkClient(LoadSettings settings) throws InterruptedException {
		ExecutorService responses = Executors.newFixedThreadPool(settings.threads());
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(settings.connectTimeout())
			.executor(responses)
			.build();
		URI get = settings.target().resolve(settings.getPath());
		URI post = settings.target().resolve(settings.postPath());
		long count = (long) (settings.rate() * settings.duration().toSeconds());
		CountDownLatch answered = new CountDownLatch((int) count);
		long start = System.nanoTime();
		for (long sequence = 0; sequence < count; sequence++) {
			long due = start + (long) (sequence * 1e9 / settings.rate());
			for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
				LockSupport.parkNanos(wait);
			}
			HttpRequest.Builder request = HttpRequest.newBuilder().timeout(settings.requestTimeout());
			if (sequence % 3 == 2) {
				request.uri(post)
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString("{\"item\":\"book\",\"sequence\":" + sequence + "}"));
			}
			else {
				request.uri(get).GET();
			}
			client.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding())
				.whenComplete((response, failure) -> answered.countDown());
		}
		answered.await(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
		responses.shutdownNow();
		return count;
	}

	private static HttpServer startServer() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 200);
		byte[] body = "{\"version\":\"v1\"}".getBytes(StandardCharsets.UTF_8);
		server.createContext("/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		AtomicLong threads = new AtomicLong();
		server.setExecutor(Executors.newFixedThreadPool(8, (task) -> {
			Thread thread = new Thread(task, SERVER_THREAD + "-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		}));
		server.start();
		return server;
	}

	@FunctionalInterface
	private interface Run {

		long requests() throws Exception;

	}

}
