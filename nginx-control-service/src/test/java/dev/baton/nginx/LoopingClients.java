package dev.baton.nginx;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import dev.baton.loadgen.Answer;
import dev.baton.loadgen.KeepAliveClient;

/**
 * Clients hitting nginx with GETs and POSTs in a loop on kept-alive connections, bounded
 * in threads, requests and time, counting every failure (a non-200 answer or an I/O
 * error) with its reason and when it happened, to be read against nginx's error log. A
 * client that reaches a bound before it is closed counts that as a failure too: a test
 * waiting on the load is told, rather than left waiting for requests that no longer come.
 * The connections are the load generator's, which never retries and never drops an answer
 * the server sent (see {@link KeepAliveClient} for why not the JDK's client).
 */
public final class LoopingClients implements AutoCloseable {

	/** Far more than any test needs on a fast machine (a few thousand a second). */
	private static final int MAX_REQUESTS_PER_CLIENT = 1_000_000;

	private static final Duration LONGEST = Duration.ofMinutes(5);

	/** The test apps answer with their port. */
	private static final int ANSWER_KEPT = 16;

	private final KeepAliveClient http;

	private final List<Thread> clients = new ArrayList<>();

	private final AtomicInteger succeeded = new AtomicInteger();

	private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();

	private final Map<String, AtomicInteger> byUpstream = new ConcurrentHashMap<>();

	private volatile boolean running = true;

	public LoopingClients(int port, int clients) {
		this.http = new KeepAliveClient(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(2),
				Duration.ofSeconds(5));
		for (int i = 0; i < clients; i++) {
			Thread client = new Thread(this::run, "load-" + i);
			this.clients.add(client);
			client.start();
		}
	}

	private void run() {
		long deadline = System.nanoTime() + LONGEST.toNanos();
		byte[] get = this.http.get("/load");
		for (int i = 0; this.running; i++) {
			if (i == MAX_REQUESTS_PER_CLIENT || System.nanoTime() - deadline > 0) {
				this.failures
					.add(Instant.now() + " stopped: the load's bound (" + MAX_REQUESTS_PER_CLIENT + " requests or "
							+ LONGEST.toMinutes() + " minutes a client) was reached before the test ended");
				return;
			}
			boolean post = i % 2 != 0;
			byte[] request = post ? this.http.postJson("/load", "{\"order\":" + i + "}") : get;
			try {
				Answer answer = this.http.exchange(request, ANSWER_KEPT);
				if (answer.status() == 200) {
					this.succeeded.incrementAndGet();
					this.byUpstream.computeIfAbsent(answer.bodyStart(), (key) -> new AtomicInteger()).incrementAndGet();
				}
				else {
					fail(post, i, "got " + answer.status());
				}
			}
			catch (IOException ex) {
				fail(post, i, "failed: " + ex);
			}
		}
	}

	private void fail(boolean post, int index, String how) {
		this.failures.add(Instant.now() + " " + Thread.currentThread().getName() + " request " + index + " ("
				+ (post ? "POST" : "GET") + ") " + how);
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

	/**
	 * Stops the clients after their current request, waits for them, closes the
	 * connections.
	 */
	@Override
	public void close() throws InterruptedException {
		this.running = false;
		for (Thread client : this.clients) {
			client.join(10_000);
		}
		this.http.close();
	}

}
