package dev.baton.loadgen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The generator against a real HTTP server started here, and against ports that fail in
 * known ways. No assertion depends on how fast anything ran.
 */
class OpenLoadTests {

	private final CountDownLatch hang = new CountDownLatch(1);

	private final CountDownLatch tenRequests = new CountDownLatch(10);

	private final AtomicInteger served = new AtomicInteger();

	private final ExecutorService serverThreads = Executors.newFixedThreadPool(16);

	private HttpServer server;

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
		this.server.createContext("/work", (exchange) -> answer(exchange, 200));
		this.server.createContext("/orders", (exchange) -> answer(exchange, 200));
		this.server.createContext("/unavailable", (exchange) -> answer(exchange, 503));
		this.server.createContext("/hang", (exchange) -> {
			await(this.hang);
			answer(exchange, 200);
		});
		this.server.setExecutor(this.serverThreads);
		this.server.start();
	}

	@AfterEach
	void stopServer() {
		this.hang.countDown();
		this.server.stop(0);
		this.serverThreads.shutdownNow();
	}

	@Test
	void sendsExactlyRateTimesDurationRequestsInTheConfiguredMix() {
		LoadResult result = new OpenLoad(
				settings(this.server.getAddress().getPort()).withRate(100).withDuration(Duration.ofSeconds(1)))
			.run();

		assertThat(result.requests()).isEqualTo(100);
		assertThat(result.get().requests()).isEqualTo(67);
		assertThat(result.post().requests()).isEqualTo(33);
		assertThat(result.failed()).isZero();
		assertThat(result.succeeded()).isEqualTo(100);
		assertThat(result.perSecond()).singleElement().satisfies((second) -> {
			assertThat(second.requests()).isEqualTo(100);
			assertThat(second.errors()).isZero();
			assertThat(second.max()).isGreaterThanOrEqualTo(second.p99()).isGreaterThanOrEqualTo(second.p50());
		});
		assertThat(result.latency().max()).isPositive();
	}

	@Test
	void sendsItsWarmUpToTheTargetButCountsOnlyTheMeasuredRun() {
		LoadSettings settings = settings(this.server.getAddress().getPort()).withRate(50)
			.withDuration(Duration.ofMillis(400));

		LoadGenerator.warmUp(settings, Duration.ofMillis(400));
		int servedInWarmUp = this.served.get();
		LoadResult result = new OpenLoad(settings).run();

		assertThat(servedInWarmUp).isEqualTo(20);
		assertThat(result.requests()).isEqualTo(20);
		assertThat(this.served).hasValue(40);
	}

	@Test
	void countsNon2xxAnswersByStatusAndMethod() {
		LoadResult result = new OpenLoad(
				settings(this.server.getAddress().getPort()).withPaths("/unavailable", "/orders")
					.withRate(60)
					.withDuration(Duration.ofSeconds(1)))
			.run();

		assertThat(result.get().statuses()).containsEntry("503", 40L);
		assertThat(result.get().failed()).isEqualTo(40);
		assertThat(result.post().failed()).isZero();
		assertThat(result.failed()).isEqualTo(40);
		assertThat(result.perSecond().get(0).errors()).isEqualTo(40);
	}

	@Test
	void countsRefusedConnectionsByCause() throws IOException {
		LoadResult result = new OpenLoad(settings(closedPort()).withRate(30).withDuration(Duration.ofSeconds(1))).run();

		assertThat(result.get().errors()).containsOnlyKeys("refused").containsEntry("refused", 20L);
		assertThat(result.post().errors()).containsOnlyKeys("refused").containsEntry("refused", 10L);
		assertThat(result.succeeded()).isZero();
	}

	@Test
	void countsUnansweredRequestsAsTimeouts() {
		LoadResult result = new OpenLoad(settings(this.server.getAddress().getPort()).withPaths("/hang", "/hang")
			.withRate(10)
			.withDuration(Duration.ofMillis(500))
			.withRequestTimeout(Duration.ofMillis(300))).run();

		assertThat(result.get().errors()).containsOnlyKeys("timeout");
		assertThat(result.post().errors()).containsOnlyKeys("timeout");
		assertThat(result.failed()).isEqualTo(5);
	}

	@Test
	void countsConnectionsResetBeforeAnAnswer() throws Exception {
		try (ServerSocket resetting = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			CompletableFuture.runAsync(() -> resetEveryConnection(resetting));

			LoadResult result = new OpenLoad(
					settings(resetting.getLocalPort()).withRate(10).withDuration(Duration.ofMillis(500)))
				.run();

			assertThat(result.failed()).isEqualTo(5);
			assertThat(result.get().errors().keySet()).isSubsetOf("reset", "closed");
			assertThat(result.post().errors().keySet()).isSubsetOf("reset", "closed");
		}
	}

	@Test
	void runsUntilStoppedAndWritesItsResult(@TempDir Path directory) throws Exception {
		Path stopFile = directory.resolve("stop");
		Path out = directory.resolve("load.json");
		String[] args = { "--target", "http://127.0.0.1:" + this.server.getAddress().getPort(), "--rate", "50",
				"--stop-file", stopFile.toString(), "--out", out.toString(), "--quiet" };
		LoadSettings settings = new CommandLine(args).loadSettings();
		CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> {
			try {
				return LoadGenerator.run(new OpenLoad(settings), settings);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});

		await(this.tenRequests);
		Files.writeString(stopFile, "stop");
		assertThat(run.get(30, TimeUnit.SECONDS)).isZero();

		LoadResult result = LoadResults.read(out);
		assertThat(result.requests()).isGreaterThanOrEqualTo(10);
		assertThat(result.failed()).isZero();
		assertThat(result.mix()).isEqualTo("2:1");
		assertThat(result.target()).startsWith("http://127.0.0.1:");
	}

	@Test
	void refusesTargetsOutsideLoopback() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OpenLoad(LoadSettings.defaults(URI.create("http://192.0.2.10:8080"))))
			.withMessageContaining("loopback");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new OpenLoad(LoadSettings.defaults(URI.create("https://127.0.0.1:8443"))));
	}

	@Test
	void acceptsTheWholeLoopbackRange() {
		assertThat(LoopbackTarget.require(URI.create("http://127.3.2.1:80"))).isNotNull();
		assertThat(LoopbackTarget.require(URI.create("http://[::1]:80"))).isNotNull();
		assertThat(LoopbackTarget.require(URI.create("http://localhost:80"))).isNotNull();
	}

	@Test
	void logsEveryRequestOnALineAndSendsItsIdSoTheServerCanLogItToo(@TempDir Path directory) throws Exception {
		java.util.Set<String> ids = java.util.concurrent.ConcurrentHashMap.newKeySet();
		this.server.createContext("/named", (exchange) -> {
			ids.add(exchange.getRequestHeaders().getFirst(RequestLog.HEADER));
			answer(exchange, 200);
		});
		Path log = directory.resolve("requests.tsv");
		int port = this.server.getAddress().getPort();

		LoadResult result = new OpenLoad(settings(port).withPaths("/named", "/named")
			.withRate(50)
			.withDuration(Duration.ofSeconds(1))
			.withRequestLog(log)).run();

		java.util.List<String[]> lines = Files.readAllLines(log).stream().map((line) -> line.split("\t")).toList();
		assertThat(result.requests()).isEqualTo(50);
		assertThat(lines).hasSize(50).allSatisfy((fields) -> {
			assertThat(fields).hasSize(6);
			assertThat(fields[1]).isIn("GET", "POST");
			assertThat(Long.parseLong(fields[3])).isGreaterThanOrEqualTo(Long.parseLong(fields[2]));
			assertThat(fields[4]).isEqualTo("200");
			assertThat(fields[5]).isEqualTo("-");
		});
		assertThat(lines.stream().map((fields) -> fields[0])).containsExactlyInAnyOrderElementsOf(ids);
		assertThat(lines.stream().filter((fields) -> fields[1].equals("POST"))).hasSize((int) result.post().requests());
	}

	@Test
	void logsAFailedRequestWithItsCause(@TempDir Path directory) throws Exception {
		int closed;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			closed = socket.getLocalPort();
		}
		Path log = directory.resolve("requests.tsv");

		new OpenLoad(settings(closed).withRate(10).withDuration(Duration.ofMillis(300)).withRequestLog(log)).run();

		assertThat(Files.readAllLines(log)).hasSize(3)
			.allSatisfy((line) -> assertThat(line.split("\t")).endsWith("0", "refused"));
	}

	private static LoadSettings settings(int port) {
		return LoadSettings.defaults(URI.create("http://127.0.0.1:" + port)).withQuiet(true);
	}

	private void answer(HttpExchange exchange, int status) throws IOException {
		exchange.getRequestBody().readAllBytes();
		// Counted before the answer leaves: a client that has its answer finds it
		// counted.
		this.served.incrementAndGet();
		byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, body.length);
		exchange.getResponseBody().write(body);
		exchange.close();
		this.tenRequests.countDown();
	}

	private static void resetEveryConnection(ServerSocket server) {
		while (!server.isClosed()) {
			try (Socket socket = server.accept()) {
				socket.getInputStream().read();
				socket.setSoLinger(true, 0);
			}
			catch (IOException ex) {
				return;
			}
		}
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
