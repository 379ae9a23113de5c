package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Progressive delivery inside nginx, against a real nginx and a real broker: shares that
 * follow a canary's weight, and slow start. Subclasses choose the broker.
 */
abstract class ProgressiveDeliveryIntegrationTests extends NodeWorldTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@Test
	void sharesFollowACanarysWeightNextToAFullPeerWithEitherBalancing() {
		UpstreamServer full = closeLater(new UpstreamServer());
		UpstreamServer canary = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders", "payments"),
				"baton.nginx-control.routes.payments.balancing=least-in-flight");
		for (String service : List.of("orders", "payments")) {
			this.topics.up(service, full.endpoint());
			this.topics.up(service, canary.endpoint());
			String weighted = this.topics.gate(service, canary.endpoint(), "DEPLOY", true, 25);
			JsonNode applied = await().atMost(WAIT)
				.until(() -> this.topics.answer("PeerApplied", weighted, "node-a").orElse(null),
						(answer) -> answer != null);
			assertThat(applied.get("up").asBoolean()).as("a peer at weight 25 is up").isTrue();
			await().atMost(WAIT)
				.until(() -> node.peers(service).values().stream().filter(Boolean::booleanValue).count() == 2);
		}

		for (String service : List.of("orders", "payments")) {
			Map<String, Integer> served = send(node.listenPort(service), 2000, (i) -> "/");
			assertThat(served.getOrDefault(String.valueOf(canary.port()), 0) / 2000.0)
				.as("share of the canary at weight 25 next to a full peer (%s)", service)
				.isCloseTo(0.20, within(0.03));
		}
	}

	@Test
	void aPeerThatComesUpRampsFromATenthOfItsShareToAllOfItOverTheSlowStart() {
		UpstreamServer old = closeLater(new UpstreamServer());
		UpstreamServer fresh = closeLater(new UpstreamServer());
		RunningNode node = this.world.node("node-a", "managed", List.of("orders"),
				"baton.nginx-control.routes.orders.slow-start=8s");
		this.topics.up("orders", old.endpoint());
		await().atMost(WAIT).until(() -> Boolean.TRUE.equals(node.peers("orders").get(old.endpoint())));
		LoadGenerator load = closeLater(new LoadGenerator(node.listenPort("orders"), 4));
		// The old peer slow-starts too, alone: it gets every request, and its ramp is
		// over
		// before the fresh peer comes up.
		await().pollDelay(Duration.ofMillis(8500)).atMost(WAIT).until(() -> load.succeeded() > 0);

		this.topics.gate("orders", fresh.endpoint(), "ADMIN", true);
		String up = this.topics.gate("orders", fresh.endpoint(), "HEALTH", true);
		await().atMost(WAIT).until(() -> this.topics.answer("PeerApplied", up, "node-a").isPresent());
		Instant applied = Instant.now();
		Window early = Window.of(load, fresh, old);
		await().pollDelay(Duration.ofSeconds(1)).atMost(WAIT).until(() -> true);
		double earlyShare = early.freshShare();
		await().atMost(WAIT).until(() -> Instant.now().isAfter(applied.plusMillis(8300)));
		Window late = Window.of(load, fresh, old);
		await().atMost(WAIT).until(() -> late.requests() >= 2000 || !load.failures().isEmpty());

		assertThat(load.failures()).isEmpty();
		assertThat(earlyShare)
			.as("the fresh peer's share in its first second (it ramps from 10 %% to 21 %% of a full weight)")
			.isBetween(0.02, 0.30);
		assertThat(late.freshShare()).as("its share once the slow start is over").isCloseTo(0.50, within(0.03));
	}

	private Map<String, Integer> send(int port, int requests, IntFunction<String> path) {
		Map<String, Integer> served = new HashMap<>();
		for (int i = 0; i < requests; i++) {
			HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path.apply(i)))
				.timeout(Duration.ofSeconds(10))
				.build();
			try {
				HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
				served.merge(response.body(), 1, Integer::sum);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
		return served;
	}

	/**
	 * Requests the load generator got answered from two peers, from when it was taken.
	 */
	private record Window(LoadGenerator load, UpstreamServer fresh, UpstreamServer old, int freshBefore,
			int oldBefore) {

		static Window of(LoadGenerator load, UpstreamServer fresh, UpstreamServer old) {
			return new Window(load, fresh, old, load.servedBy(fresh.port()), load.servedBy(old.port()));
		}

		int freshRequests() {
			return this.load.servedBy(this.fresh.port()) - this.freshBefore;
		}

		int requests() {
			return freshRequests() + this.load.servedBy(this.old.port()) - this.oldBefore;
		}

		double freshShare() {
			return freshRequests() / (double) requests();
		}

	}

}
