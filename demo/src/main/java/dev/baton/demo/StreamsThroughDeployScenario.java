package dev.baton.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.loadgen.live.ConnectionRecord;
import dev.baton.loadgen.live.LongLivedClients;
import dev.baton.loadgen.live.LongLivedSettings;

/**
 * A deploy while a 30 s event stream and a 20 s long poll run through nginx, with a drain
 * timeout longer than either ({@code fail} on timeout): each drain waits for them, so the
 * stream must end with all its ticks and its {@code end} event and the poll must be
 * answered after its full 20 s, neither cut by the instance's restart.
 */
final class StreamsThroughDeployScenario implements Scenario {

	private static final int STREAM_SECONDS = 30;

	private static final int POLL_SECONDS = 20;

	private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(45);

	private static final Duration WAIT = Duration.ofSeconds(60);

	private final String version;

	StreamsThroughDeployScenario(String version) {
		this.version = version;
	}

	@Override
	public String name() {
		return "a " + STREAM_SECONDS + " s event stream and a " + POLL_SECONDS + " s long poll through a deploy to "
				+ this.version + ", drain timeout " + DRAIN_TIMEOUT.toSeconds() + " s";
	}

	@Override
	public Act act(Stack stack, Timeline timeline) {
		URI nginx = stack.options().nginx();
		LongLivedSettings settings = LongLivedSettings.defaults(nginx)
			.withWebSockets(0)
			.withEventStreams(1, STREAM_SECONDS)
			.withLog(stack.options().reportDirectory().resolve("streams.jsonl"));
		try (LongLivedClients clients = LongLivedClients.start(settings)) {
			CompletableFuture<HttpResponse<String>> poll = HttpClient.newHttpClient()
				.sendAsync(HttpRequest.newBuilder(nginx.resolve("/poll?seconds=" + POLL_SECONDS)).build(),
						HttpResponse.BodyHandlers.ofString());
			Await.until("the event stream open through nginx", WAIT, () -> !clients.openNow().isEmpty());
			timeline.mark("stream open on port " + clients.openNow().get(0).port());
			String deployId = "demo-streams-" + Instant.now().toEpochMilli();
			Stack.CliRun run = stack.deploy(timeline, deployId, this.version, "--drain-timeout",
					DRAIN_TIMEOUT.toSeconds() + "s", "--drain-on-timeout", "fail");
			List<String> problems = new ArrayList<>();
			if (run.code() != 0) {
				problems.add("the deploy failed (exit " + run.code() + "): "
						+ timeline.step("DeployFailed").path("reason").asString(run.out().strip()));
			}
			Await.until("the first stream ended", WAIT, () -> !clients.ended().isEmpty());
			ConnectionRecord stream = clients.ended().get(0);
			if (!ConnectionRecord.SERVER.equals(stream.closedBy()) || !"complete".equals(stream.reason())
					|| stream.received() != STREAM_SECONDS || stream.bad() != 0) {
				problems.add("the stream did not run to its end: " + stream);
			}
			JsonNode answer = answer(poll);
			if (!"elapsed".equals(answer.path("reason").asString())
					|| answer.path("waitedMillis").asLong() < POLL_SECONDS * 1000L) {
				problems.add("the long poll was not answered after its " + POLL_SECONDS + " s: " + answer);
			}
			clients.stop();
			return Act.of(problems.isEmpty(),
					"stream on port " + stream.port() + ": " + stream.closedBy() + " " + stream.reason() + " after "
							+ stream.received() + " ticks; poll on port " + answer.path("port") + ": "
							+ answer.path("reason").asString() + " after " + answer.path("waitedMillis") + " ms"
							+ (problems.isEmpty() ? "" : "; PROBLEMS: " + problems));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static JsonNode answer(CompletableFuture<HttpResponse<String>> poll) {
		try {
			HttpResponse<String> response = poll.get(WAIT.toSeconds(), TimeUnit.SECONDS);
			return (response.statusCode() == 200) ? Json.mapper().readTree(response.body())
					: Json.mapper().createObjectNode().put("status", response.statusCode());
		}
		catch (ExecutionException | TimeoutException ex) {
			return Json.mapper().createObjectNode().put("error", ex.toString());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
