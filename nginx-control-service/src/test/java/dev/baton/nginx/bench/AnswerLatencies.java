package dev.baton.nginx.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.baton.contracts.Endpoint;
import dev.baton.nginx.GateTopics;
import dev.baton.nginx.UpstreamServer;

import static org.awaitility.Awaitility.await;

/**
 * How soon a node answers through a real broker: gate command to {@code PeerApplied}, and
 * the end of a peer's last request to {@code PeerDrained}, one at a time after a few
 * warm-up ones that are printed but not counted.
 */
final class AnswerLatencies {

	private static final int WARM_UP_COMMANDS = 20;

	private static final int WARM_UP_DRAINS = 3;

	private AnswerLatencies() {
	}

	static void gateCommands(GateTopics topics, EventWatcher events, Endpoint peer) throws Exception {
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

	static void drains(GateTopics topics, EventWatcher events, UpstreamServer slow, int port) throws Exception {
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

	private static double millis(Instant from, Instant to) {
		return Duration.between(from, to).toNanos() / 1_000_000.0;
	}

}
