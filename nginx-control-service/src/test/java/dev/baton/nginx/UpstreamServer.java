package dev.baton.nginx;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.baton.contracts.Endpoint;

/**
 * A small app behind nginx, on a random loopback port: answers every request with its own
 * port, holds a request for {@code ?hold=<ms>} (a slow request being served), and counts
 * what it got; a failing one answers every n-th request with a 500.
 */
public final class UpstreamServer implements AutoCloseable {

	static {
		// Like a real app server: answers leave at once, not 40 ms later (Nagle + delayed
		// ACK).
		System.setProperty("sun.net.httpserver.nodelay", "true");
	}

	private final HttpServer server;

	private final ExecutorService executor = Executors.newFixedThreadPool(64);

	private final AtomicInteger requests = new AtomicInteger();

	private final AtomicInteger inProgress = new AtomicInteger();

	private final AtomicReference<Instant> lastEnd = new AtomicReference<>();

	private final AtomicInteger lastBodyLength = new AtomicInteger();

	private final int failEvery;

	public UpstreamServer() {
		this(0);
	}

	/**
	 * An app that answers every n-th request it gets with a 500.
	 * @param failEvery n; 0 never fails
	 */
	public UpstreamServer(int failEvery) {
		this.failEvery = failEvery;
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/", this::handle);
		this.server.setExecutor(this.executor);
		this.server.start();
	}

	private void handle(HttpExchange exchange) throws IOException {
		int request = this.requests.incrementAndGet();
		this.inProgress.incrementAndGet();
		try (InputStream body = exchange.getRequestBody()) {
			this.lastBodyLength.set(body.readAllBytes().length);
			String query = exchange.getRequestURI().getQuery();
			if (query != null && query.startsWith("hold=")) {
				hold(Long.parseLong(query.substring("hold=".length())));
			}
			byte[] answer = String.valueOf(port()).getBytes(StandardCharsets.UTF_8);
			this.lastEnd.set(Instant.now());
			boolean fail = this.failEvery > 0 && request % this.failEvery == 0;
			exchange.sendResponseHeaders(fail ? 500 : 200, answer.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(answer);
			}
		}
		finally {
			this.inProgress.decrementAndGet();
		}
	}

	/** The slow work of a slow request. */
	private static void hold(long millis) {
		try {
			TimeUnit.MILLISECONDS.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	public int port() {
		return this.server.getAddress().getPort();
	}

	public Endpoint endpoint() {
		return new Endpoint("127.0.0.1", port());
	}

	public int requests() {
		return this.requests.get();
	}

	public int inProgress() {
		return this.inProgress.get();
	}

	/**
	 * How many bytes the body of the last request had, as they arrived.
	 */
	public int lastBodyLength() {
		return this.lastBodyLength.get();
	}

	/**
	 * When the last request's answer started to leave: the request cannot have ended
	 * earlier, and nginx sees it end as soon as the few bytes arrive.
	 */
	public Instant lastEnd() {
		return this.lastEnd.get();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

}
