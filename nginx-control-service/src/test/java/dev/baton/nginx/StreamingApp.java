package dev.baton.nginx;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.baton.contracts.Endpoint;

/**
 * An app with long-lived answers, as the sample app serves them, on a random loopback
 * port: {@code /events?seconds=N}, an event stream of an {@code open} event, a
 * {@code tick} a second and an {@code end} event, and {@code /poll?seconds=N}, answered
 * after N seconds. Its own pace is its behaviour: a tick is due a second after the last.
 */
final class StreamingApp implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService threads = Executors.newCachedThreadPool();

	StreamingApp() {
		try {
			this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.setExecutor(this.threads);
		this.server.createContext("/events", this::events);
		this.server.createContext("/poll", this::poll);
		this.server.start();
	}

	Endpoint endpoint() {
		return new Endpoint("127.0.0.1", this.server.getAddress().getPort());
	}

	private void events(HttpExchange exchange) throws IOException {
		int seconds = seconds(exchange);
		exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
		exchange.getResponseHeaders().add("X-Accel-Buffering", "no");
		exchange.sendResponseHeaders(200, 0);
		try (OutputStream body = exchange.getResponseBody()) {
			send(body, "open", "{\"version\":\"v1\",\"port\":" + endpoint().port() + ",\"seq\":0}");
			for (int seq = 1; seq <= seconds; seq++) {
				pause(1000);
				send(body, "tick", "{\"version\":\"v1\",\"port\":" + endpoint().port() + ",\"seq\":" + seq + "}");
			}
			send(body, "end", "{\"version\":\"v1\",\"port\":" + endpoint().port() + ",\"reason\":\"complete\"}");
		}
	}

	private void poll(HttpExchange exchange) throws IOException {
		int seconds = seconds(exchange);
		long started = System.nanoTime();
		pause(seconds * 1000L);
		byte[] answer = ("{\"waitedMillis\":" + (System.nanoTime() - started) / 1_000_000 + ",\"reason\":\"elapsed\"}")
			.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(200, answer.length);
		try (OutputStream body = exchange.getResponseBody()) {
			body.write(answer);
		}
	}

	private static void send(OutputStream body, String event, String data) throws IOException {
		body.write(("event:" + event + "\ndata:" + data + "\n\n").getBytes(StandardCharsets.UTF_8));
		body.flush();
	}

	private static int seconds(HttpExchange exchange) {
		String query = exchange.getRequestURI().getQuery();
		return Integer.parseInt(query.substring(query.indexOf("seconds=") + "seconds=".length()));
	}

	private static void pause(long millis) throws IOException {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("stopped", ex);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.threads.shutdownNow();
	}

}
