package dev.baton.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample app as the demo runs it: its own JVM, started in a release directory.
 */
class SampleAppProcessTests {

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	@TempDir
	Path releaseDirectory;

	@Test
	void crashOnStartExitsNonZeroBeforeRegistering() throws Exception {
		Process app = launch("--sample.version=v3", "--sample.crash-on-start=true",
				"--baton.client.bootstrap-servers=127.0.0.1:" + closedPort());

		assertThat(app.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(app.exitValue()).isEqualTo(1);
		String output = output();
		assertThat(output).contains("sample.crash-on-start=true").doesNotContain("register");
		assertThat(STARTED.matcher(output).find()).isFalse();
	}

	@Test
	void versionComesFromTheReleaseDirectoryAndSigtermStopsTheApp() throws Exception {
		Files.writeString(this.releaseDirectory.resolve("release.properties"), "sample.version=v9\n");
		Process app = launch("--baton.client.enabled=false");
		try {
			await().atMost(Duration.ofSeconds(60)).until(() -> STARTED.matcher(output()).find() || !app.isAlive());
			Matcher started = STARTED.matcher(output());
			assertThat(started.find()).as(output()).isTrue();

			HttpResponse<String> health = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + started.group(1) + "/health")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertThat(health.body()).contains("\"version\":\"v9\"");
		}
		finally {
			app.destroy();
		}
		assertThat(app.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(output()).contains("Graceful shutdown");
	}

	@Test
	void sigtermClosesOpenWebSocketsWith1001AndEndsOpenEventStreamsBeforeTheProcessExits() throws Exception {
		Process app = launch("--sample.version=v4", "--baton.client.enabled=false");
		try {
			await().atMost(Duration.ofSeconds(60)).until(() -> STARTED.matcher(output()).find() || !app.isAlive());
			Matcher started = STARTED.matcher(output());
			assertThat(started.find()).as(output()).isTrue();
			HttpClient http = HttpClient.newHttpClient();
			CompletableFuture<String> closed = new CompletableFuture<>();
			WebSocket socket = http.newWebSocketBuilder()
				.buildAsync(URI.create("ws://127.0.0.1:" + started.group(1) + "/ws"), new WebSocket.Listener() {
					@Override
					public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
						closed.complete(statusCode + " " + reason);
						return null;
					}
				})
				.get(30, TimeUnit.SECONDS);
			HttpResponse<Stream<String>> events = http
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + started.group(1) + "/events?seconds=600"))
					.build(), HttpResponse.BodyHandlers.ofLines());
			Iterator<String> lines = events.body().iterator();
			assertThat(lines.next()).startsWith("event:open");

			app.destroy();

			assertThat(closed.get(30, TimeUnit.SECONDS)).isEqualTo("1001 shutting down");
			List<String> rest = new ArrayList<>();
			lines.forEachRemaining(rest::add);
			assertThat(rest).anyMatch((line) -> line.startsWith("event:end"))
				.anyMatch((line) -> line.contains("\"reason\":\"going away\""));
			assertThat(socket.isInputClosed()).isTrue();
		}
		finally {
			app.destroy();
		}
		assertThat(app.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(output()).contains("closed 2 long-lived connection(s)");
	}

	private Process launch(String... args) throws IOException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
						System.getProperty("java.class.path"), SampleApplication.class.getName(), "--server.port=0"));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).directory(this.releaseDirectory.toFile())
			.redirectErrorStream(true)
			.redirectOutput(this.releaseDirectory.resolve("out.log").toFile())
			.start();
	}

	private String output() throws IOException {
		return Files.readString(this.releaseDirectory.resolve("out.log"));
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
