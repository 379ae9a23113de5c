package dev.baton.sample.live;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.sample.SampleApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The WebSocket echo, the event stream and the long poll, and how each ends when the app
 * shuts down (closing the context runs the same shutdown as SIGTERM).
 */
class LongLivedConnectionsTests {

	private static final long WAIT_SECONDS = 30;

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
	void theWebSocketEchoesEachMessageNamingTheInstanceThatAnswers() throws Exception {
		start("v5");
		Messages messages = new Messages();
		WebSocket socket = connect(messages);

		socket.sendText("m-1", true).get(WAIT_SECONDS, TimeUnit.SECONDS);
		socket.sendText("m-2", true).get(WAIT_SECONDS, TimeUnit.SECONDS);

		JsonNode first = this.json.readTree(messages.next());
		assertThat(first.get("echo").asString()).isEqualTo("m-1");
		assertThat(first.get("version").asString()).isEqualTo("v5");
		assertThat(first.get("port").asInt()).isEqualTo(port());
		assertThat(this.json.readTree(messages.next()).get("echo").asString()).isEqualTo("m-2");
		socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(WAIT_SECONDS, TimeUnit.SECONDS);
		assertThat(messages.closed.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(WebSocket.NORMAL_CLOSURE);
	}

	@Test
	void anEventStreamOpensTicksOnceASecondForItsSecondsThenEndsComplete() throws Exception {
		start("v2");
		long started = System.nanoTime();

		List<String> lines = events("/events?seconds=2").toList();

		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isGreaterThanOrEqualTo(2000);
		assertThat(names(lines)).containsExactly("open", "tick", "tick", "end");
		JsonNode lastTick = this.json.readTree(data(lines).get(2));
		assertThat(lastTick.get("seq").asInt()).isEqualTo(2);
		assertThat(lastTick.get("of").asInt()).isEqualTo(2);
		assertThat(lastTick.get("version").asString()).isEqualTo("v2");
		assertThat(this.json.readTree(data(lines).get(3)).get("reason").asString()).isEqualTo("complete");
	}

	@Test
	void aLongPollAnswersAfterItsSeconds() throws Exception {
		start("v3");

		HttpResponse<String> response = get("/poll?seconds=1");

		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode answer = this.json.readTree(response.body());
		assertThat(answer.get("reason").asString()).isEqualTo("elapsed");
		assertThat(answer.get("waitedMillis").asLong()).isGreaterThanOrEqualTo(1000);
		assertThat(answer.get("version").asString()).isEqualTo("v3");
		assertThat(answer.get("port").asInt()).isEqualTo(port());
	}

	@Test
	void aStreamOrAPollOfNoTimeOrOfMoreThanAnHourIsRefusedSayingWhy() throws Exception {
		start("v1");

		for (String path : List.of("/events?seconds=0", "/poll?seconds=3601", "/poll?seconds=-5")) {
			HttpResponse<String> response = get(path);
			assertThat(response.statusCode()).as(path).isEqualTo(400);
			assertThat(response.body()).as(path).contains("seconds must be 1 to 3600");
		}
	}

	@Test
	void onShutdownTheAppClosesItsWebSocketsGoingAwayEndsItsStreamsAndAnswersItsPolls() throws Exception {
		start("v4");
		Messages messages = new Messages();
		WebSocket socket = connect(messages);
		socket.sendText("before", true).get(WAIT_SECONDS, TimeUnit.SECONDS);
		messages.next();
		Iterator<String> stream = events("/events?seconds=600").iterator();
		assertThat(names(List.of(stream.next(), stream.next()))).containsExactly("open");
		CompletableFuture<HttpResponse<String>> poll = this.http
			.sendAsync(HttpRequest.newBuilder(uri("/poll?seconds=600")).build(), HttpResponse.BodyHandlers.ofString());
		OpenConnections open = this.app.getBean(OpenConnections.class);
		await().atMost(Duration.ofSeconds(WAIT_SECONDS)).until(open::count, (count) -> count == 3);

		long closing = System.nanoTime();
		this.app.close();

		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closing)).as("no wait for a stream or poll")
			.isLessThan(15_000);
		assertThat(messages.closed.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1001);
		assertThat(messages.reason).isEqualTo("shutting down");
		List<String> rest = remaining(stream);
		assertThat(names(rest)).last().isEqualTo("end");
		assertThat(this.json.readTree(data(rest).get(data(rest).size() - 1)).get("reason").asString())
			.isEqualTo("going away");
		HttpResponse<String> answer = poll.get(WAIT_SECONDS, TimeUnit.SECONDS);
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(this.json.readTree(answer.body()).get("reason").asString()).isEqualTo("going away");
	}

	private void start(String version) {
		this.app = new SpringApplicationBuilder(SampleApplication.class).run("--server.port=0",
				"--baton.client.enabled=false", "--sample.version=" + version);
	}

	private WebSocket connect(WebSocket.Listener listener) throws Exception {
		return this.http.newWebSocketBuilder()
			.buildAsync(URI.create("ws://127.0.0.1:" + port() + "/ws"), listener)
			.get(WAIT_SECONDS, TimeUnit.SECONDS);
	}

	private Stream<String> events(String path) throws Exception {
		HttpResponse<Stream<String>> response = this.http.send(
				HttpRequest.newBuilder(uri(path)).header("Accept", "text/event-stream").build(),
				HttpResponse.BodyHandlers.ofLines());
		assertThat(response.statusCode()).isEqualTo(200);
		return response.body();
	}

	private static List<String> remaining(Iterator<String> lines) {
		List<String> rest = new ArrayList<>();
		lines.forEachRemaining(rest::add);
		return rest;
	}

	private static List<String> names(List<String> lines) {
		return lines.stream()
			.filter((line) -> line.startsWith("event:"))
			.map((line) -> line.substring(6).trim())
			.toList();
	}

	private static List<String> data(List<String> lines) {
		return lines.stream()
			.filter((line) -> line.startsWith("data:"))
			.map((line) -> line.substring(5).trim())
			.toList();
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

	/** Collects the text messages a WebSocket receives, and how it closed. */
	private static final class Messages implements WebSocket.Listener {

		private final BlockingQueue<String> texts = new LinkedBlockingQueue<>();

		final CompletableFuture<Integer> closed = new CompletableFuture<>();

		volatile String reason;

		@Override
		public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
			this.texts.add(data.toString());
			webSocket.request(1);
			return null;
		}

		@Override
		public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
			this.reason = reason;
			this.closed.complete(statusCode);
			return null;
		}

		@Override
		public void onError(WebSocket webSocket, Throwable error) {
			this.closed.completeExceptionally(error);
		}

		String next() throws InterruptedException {
			String text = this.texts.poll(WAIT_SECONDS, TimeUnit.SECONDS);
			assertThat(text).as("a message within %d s", WAIT_SECONDS).isNotNull();
			return text;
		}

	}

}
