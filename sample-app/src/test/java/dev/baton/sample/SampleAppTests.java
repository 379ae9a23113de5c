package dev.baton.sample;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.web.filter.OncePerRequestFilter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample app in this JVM, on a random port, with Baton registration switched off.
 */
class SampleAppTests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final JsonMapper json = JsonMapper.builder().build();

	private ConfigurableApplicationContext app;

	@AfterEach
	void stop() {
		if (this.app != null) {
			this.app.close();
		}
	}

	@Test
	void healthReportsUpWithTheVersionItRuns() throws Exception {
		this.app = start(SampleApplication.class, "--sample.version=v7");

		HttpResponse<String> response = get("/health");

		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode body = this.json.readTree(response.body());
		assertThat(body.get("status").asString()).isEqualTo("UP");
		assertThat(body.get("version").asString()).isEqualTo("v7");
	}

	@Test
	void theFlakyReleaseFailsItsShareOfRequestsEvenlyWhileItsHealthStaysUp() throws Exception {
		this.app = start(SampleApplication.class, "--sample.version=v4-flaky", "--sample.failure-rate=0.05",
				"--sample.work-per-request=0ms");

		long failed = 0;
		for (int i = 0; i < 100; i++) {
			failed += (get("/work").statusCode() == 500) ? 1 : 0;
		}

		assertThat(failed).isEqualTo(5);
		HttpResponse<String> health = get("/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(this.json.readTree(health.body()).get("version").asString()).isEqualTo("v4-flaky");
	}

	@Test
	void healthAnswers503FromTheMomentShutdownBegins() throws Exception {
		this.app = start(HeldShutdown.class, "--sample.version=v2");
		HeldShutdown hold = this.app.getBean(HeldShutdown.class);
		CompletableFuture<Void> closing = CompletableFuture.runAsync(this.app::close);

		await().atMost(Duration.ofSeconds(20)).until(hold.stopping::getCount, (count) -> count == 0);
		HttpResponse<String> response = get("/health");
		hold.release.countDown();
		closing.get(30, TimeUnit.SECONDS);

		assertThat(response.statusCode()).isEqualTo(503);
		JsonNode body = this.json.readTree(response.body());
		assertThat(body.get("status").asString()).isEqualTo("SHUTTING_DOWN");
		assertThat(body.get("version").asString()).isEqualTo("v2");
	}

	@Test
	void workTakesAtLeastTheConfiguredTime() throws Exception {
		this.app = start(SampleApplication.class, "--sample.version=v1", "--sample.work-per-request=150ms");

		long started = System.nanoTime();
		HttpResponse<String> response = get("/work");
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(this.json.readTree(response.body()).get("workMillis").asLong()).isEqualTo(150);
		assertThat(tookMillis).isGreaterThanOrEqualTo(150);
	}

	@Test
	void ordersEchoTheirBodyAfterTheConfiguredWork() throws Exception {
		this.app = start(SampleApplication.class, "--sample.version=v3", "--sample.work-per-request=100ms");

		long started = System.nanoTime();
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/orders"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"item\":\"book\",\"quantity\":2}"))
			.build(), HttpResponse.BodyHandlers.ofString());
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode body = this.json.readTree(response.body());
		assertThat(body.get("version").asString()).isEqualTo("v3");
		assertThat(body.get("order").get("item").asString()).isEqualTo("book");
		assertThat(body.get("order").get("quantity").asInt()).isEqualTo(2);
		assertThat(tookMillis).isGreaterThanOrEqualTo(100);
	}

	@Test
	void requestsInFlightWhenShutdownBeginsStillGetTheirAnswer() throws Exception {
		this.app = start(RequestEntered.class, "--sample.version=v1", "--sample.work-per-request=500ms");
		RequestEntered entered = this.app.getBean(RequestEntered.class);
		// A plain socket, so the answer is read on the connection the request went out
		// on:
		// an HTTP client would retry a GET whose connection closed, and hide that.
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port())) {
			socket.setSoTimeout(20_000);
			socket.getOutputStream()
				.write("GET /work HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
					.getBytes(StandardCharsets.US_ASCII));
			assertThat(entered.work.await(20, TimeUnit.SECONDS)).isTrue();

			this.app.close();

			BufferedReader answer = new BufferedReader(
					new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
			assertThat(answer.readLine()).startsWith("HTTP/1.1 200");
		}
	}

	private ConfigurableApplicationContext start(Class<?> source, String... args) {
		// Command-line arguments, since application.properties overrides default
		// properties.
		String[] all = Stream.concat(Stream.of("--server.port=0", "--baton.client.enabled=false"), Stream.of(args))
			.toArray(String[]::new);
		return new SpringApplicationBuilder(SampleApplication.class, source).run(all);
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI uri(String path) {
		return URI.create("http://127.0.0.1:" + port() + path);
	}

	private int port() {
		return Integer.parseInt(this.app.getEnvironment().getProperty("local.server.port"));
	}

	/**
	 * Tells the test when a request has reached the app.
	 */
	static class RequestEntered extends OncePerRequestFilter {

		final CountDownLatch work = new CountDownLatch(1);

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (request.getRequestURI().equals("/work")) {
				this.work.countDown();
			}
			chain.doFilter(request, response);
		}

	}

	/**
	 * Holds the shutdown after the app has begun it and before the web server stops, so
	 * the test can look at the health endpoint in between.
	 */
	static class HeldShutdown implements SmartLifecycle {

		final CountDownLatch stopping = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		private volatile boolean running;

		@Override
		public void start() {
			this.running = true;
		}

		@Override
		public void stop() {
			this.stopping.countDown();
			try {
				this.release.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.running = false;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

	}

}
