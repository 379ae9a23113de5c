package dev.baton.nginx;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Clients hitting nginx with GETs and POSTs in a loop, bounded in threads, requests and
 * time, counting every failure (a non-200 answer or an I/O error) with its reason and
 * when it happened, to be read against nginx's error log. A client that reaches a bound
 * before it is closed counts that as a failure too: a test waiting on the load is told,
 * rather than left waiting for requests that no longer come.
 */
public final class LoopingClients implements AutoCloseable {

	/** Far more than any test needs on a fast machine (a few thousand a second). */
	private static final int MAX_REQUESTS_PER_CLIENT = 1_000_000;

	private static final Duration LONGEST = Duration.ofMinutes(5);

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(2))
		.build();

	private final URI uri;

	private final List<Thread> clients = new ArrayList<>();

	private final AtomicInteger succeeded = new AtomicInteger();

	private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();

	private final Map<String, AtomicInteger> byUpstream = new ConcurrentHashMap<>();

	private volatile boolean running = true;

	public LoopingClients(int port, int clients) {
		this.uri = URI.create("http://127.0.0.1:" + port + "/load");
		for (int i = 0; i < clients; i++) {
			Thread client = new Thread(this::run, "load-" + i);
			this.clients.add(client);
			client.start();
		}
	}

	private void run() {
		long deadline = System.nanoTime() + LONGEST.toNanos();
		for (int i = 0; this.running; i++) {
			if (i == MAX_REQUESTS_PER_CLIENT || System.nanoTime() - deadline > 0) {
				this.failures
					.add(Instant.now() + " stopped: the load's bound (" + MAX_REQUESTS_PER_CLIENT + " requests or "
							+ LONGEST.toMinutes() + " minutes a client) was reached before the test ended");
				return;
			}
			HttpRequest.Builder builder = HttpRequest.newBuilder(this.uri).timeout(Duration.ofSeconds(5));
			if (i % 2 == 0) {
				builder.GET();
			}
			else {
				builder.POST(HttpRequest.BodyPublishers.ofString("{\"order\":" + i + "}"));
			}
			HttpRequest request = builder.build();
			try {
				HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200) {
					this.succeeded.incrementAndGet();
					this.byUpstream.computeIfAbsent(response.body(), (key) -> new AtomicInteger()).incrementAndGet();
				}
				else {
					fail(request, i, "got " + response.statusCode());
				}
			}
			catch (IOException ex) {
				fail(request, i, "failed: " + ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private void fail(HttpRequest request, int index, String how) {
		this.failures.add(Instant.now() + " " + Thread.currentThread().getName() + " request " + index + " ("
				+ request.method() + ") " + how);
	}

	public int succeeded() {
		return this.succeeded.get();
	}

	public List<String> failures() {
		return List.copyOf(this.failures);
	}

	public int servedBy(int upstreamPort) {
		AtomicInteger count = this.byUpstream.get(String.valueOf(upstreamPort));
		return (count != null) ? count.get() : 0;
	}

	/** Stops the clients after their current request and waits for them. */
	@Override
	public void close() throws InterruptedException {
		this.running = false;
		for (Thread client : this.clients) {
			client.join(10_000);
		}
	}

}
