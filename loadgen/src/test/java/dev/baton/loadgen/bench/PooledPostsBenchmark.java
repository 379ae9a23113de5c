package dev.baton.loadgen.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.baton.loadgen.KeepAliveClient;

/**
 * Whether a client loses POSTs a server answered, with nothing of Baton in the way: four
 * threads send GETs and POSTs in turn on kept-alive connections as fast as a plain nginx
 * ({@code return 200}) answers, for the same time through the JDK's {@code HttpClient}
 * and through {@link KeepAliveClient}, side by side, and every failure is counted by its
 * message. nginx never closes a connection here (no reload, no idle timeout reached,
 * {@code keepalive_requests} high), so every failure is the client's own.
 *
 * <pre>
 * ./mvnw -q -B -pl loadgen test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.baton.loadgen.bench.PooledPostsBenchmark [-Dexec.args="300"]
 * </pre>
 *
 * Argument: seconds per client.
 */
public final class PooledPostsBenchmark {

	private static final int THREADS = 4;

	private PooledPostsBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		Duration each = Duration.ofSeconds((args.length > 0) ? Long.parseLong(args[0]) : 300);
		Path directory = Files.createTempDirectory("pooled-posts-");
		int port;
		try (ServerSocket free = new ServerSocket(0)) {
			port = free.getLocalPort();
		}
		Files.writeString(directory.resolve("nginx.conf"), "daemon off;\nmaster_process on;\nworker_processes 1;\n"
				+ "pid " + directory.resolve("nginx.pid") + ";\nerror_log " + directory.resolve("error.log")
				+ " info;\n"
				+ "events { worker_connections 1024; }\nhttp {\n  access_log off;\n  keepalive_requests 100000000;\n"
				+ "  client_body_temp_path " + directory + ";\n  server {\n    listen 127.0.0.1:" + port + ";\n"
				+ "    location / { return 200 \"12345\"; }\n  }\n}\n");
		Process nginx = new ProcessBuilder("/usr/sbin/nginx", "-p", directory + "/", "-c",
				directory.resolve("nginx.conf").toString())
			.redirectErrorStream(true)
			.redirectOutput(directory.resolve("nginx.out").toFile())
			.start();
		try {
			awaitListening(port);
			URI target = URI.create("http://127.0.0.1:" + port);
			System.out.printf("Java %s, nginx %s, %d threads, %d s each%n", System.getProperty("java.version"), target,
					THREADS, each.toSeconds());
			report("JDK HttpClient", run(each, jdkClient(target)));
			try (KeepAliveClient client = new KeepAliveClient(target, Duration.ofSeconds(2), Duration.ofSeconds(5))) {
				report("KeepAliveClient", run(each, keepAlive(client)));
			}
		}
		finally {
			nginx.destroy();
			nginx.waitFor(10, TimeUnit.SECONDS);
		}
	}

	private static void awaitListening(int port) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (true) {
			try (Socket socket = new Socket("127.0.0.1", port)) {
				return;
			}
			catch (IOException ex) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("nginx is not listening on " + port, ex);
				}
				TimeUnit.MILLISECONDS.sleep(20);
			}
		}
	}

	/** One request: a GET on even turns, a POST on odd ones. */
	@FunctionalInterface
	private interface Sender {

		int send(boolean post, int turn) throws IOException, InterruptedException;

	}

	private static Sender jdkClient(URI target) {
		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		URI uri = target.resolve("/load");
		return (post, turn) -> {
			HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5));
			if (post) {
				request.POST(HttpRequest.BodyPublishers.ofString("{\"order\":" + turn + "}"));
			}
			return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
		};
	}

	private static Sender keepAlive(KeepAliveClient client) {
		byte[] get = client.get("/load");
		return (post, turn) -> client.send(post ? client.postJson("/load", "{\"order\":" + turn + "}") : get);
	}

	private static Result run(Duration each, Sender sender) throws InterruptedException {
		Result result = new Result();
		long end = System.nanoTime() + each.toNanos();
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			Thread thread = new Thread(() -> {
				for (int turn = 0; System.nanoTime() < end; turn++) {
					boolean post = turn % 2 == 1;
					try {
						int status = sender.send(post, turn);
						(status == 200 ? result.answered : result.refused).incrementAndGet();
					}
					catch (IOException ex) {
						result.failed((post ? "POST " : "GET ") + ex);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
						return;
					}
				}
			});
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		return result;
	}

	private static void report(String client, Result result) {
		long failed = result.failures.values().stream().mapToLong(AtomicLong::get).sum();
		System.out.printf("%-16s %,11d answered 200, %d other statuses, %d failed%s%n", client, result.answered.get(),
				result.refused.get(), failed, failed > 0 ? ":" : "");
		new TreeMap<>(result.failures)
			.forEach((message, count) -> System.out.printf("    %,d x %s%n", count.get(), message));
	}

	private static final class Result {

		private final AtomicLong answered = new AtomicLong();

		private final AtomicLong refused = new AtomicLong();

		private final Map<String, AtomicLong> failures = new ConcurrentHashMap<>();

		void failed(String message) {
			this.failures.computeIfAbsent(message, (key) -> new AtomicLong()).incrementAndGet();
		}

	}

}
