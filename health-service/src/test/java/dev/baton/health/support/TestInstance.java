package dev.baton.health.support;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.baton.kafka.testing.FreePorts;

/**
 * A real HTTP instance for tests, switchable between healthy, shutting down (503), slow,
 * stopped (connections refused) and any reported version. It records every probe it
 * receives with the replica that sent it.
 */
public final class TestInstance implements AutoCloseable {

	/** How the instance answers its health path. */
	public enum Mode {

		HEALTHY, UNAVAILABLE, SLOW

	}

	/** How the instance writes its version into the body. */
	public enum Body {

		JSON, ACTUATOR, TEXT

	}

	/**
	 * A probe the instance received.
	 *
	 * @param at when
	 * @param prober the {@code Baton-Prober} header
	 */
	public record Probe(Instant at, String prober) {
	}

	private final int port;

	private final ExecutorService handlers = Executors.newCachedThreadPool();

	private final ScheduledExecutorService delays = Executors.newSingleThreadScheduledExecutor();

	private final List<Probe> probes = new CopyOnWriteArrayList<>();

	private volatile Mode mode = Mode.HEALTHY;

	private volatile Body body = Body.JSON;

	private volatile String version = "v1";

	private volatile Duration slowness = Duration.ofSeconds(3);

	private HttpServer server;

	private TestInstance(int port) {
		this.port = port;
	}

	/**
	 * Starts an instance on a free port.
	 * @return the running instance
	 */
	public static TestInstance start() {
		TestInstance instance = new TestInstance(FreePorts.next());
		instance.up();
		return instance;
	}

	/**
	 * An instance that is not running yet: its port refuses connections until
	 * {@link #up()}.
	 * @return the stopped instance
	 */
	public static TestInstance stopped() {
		return new TestInstance(FreePorts.next());
	}

	public int port() {
		return this.port;
	}

	public synchronized void up() {
		if (this.server != null) {
			return;
		}
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", this.port), 50);
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot listen on " + this.port, ex);
		}
		this.server.setExecutor(this.handlers);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	/** Stops listening: probes are refused. */
	public synchronized void down() {
		if (this.server != null) {
			this.server.stop(0);
			this.server = null;
		}
	}

	public TestInstance mode(Mode mode) {
		this.mode = mode;
		return this;
	}

	public TestInstance body(Body body) {
		this.body = body;
		return this;
	}

	public TestInstance version(String version) {
		this.version = version;
		return this;
	}

	public TestInstance slowness(Duration slowness) {
		this.slowness = slowness;
		return this;
	}

	public List<Probe> probes() {
		return List.copyOf(this.probes);
	}

	private void handle(HttpExchange exchange) throws IOException {
		this.probes.add(new Probe(Instant.now(), exchange.getRequestHeaders().getFirst("Baton-Prober")));
		switch (this.mode) {
			case UNAVAILABLE -> respond(exchange, 503, "shutting down");
			case SLOW ->
				this.delays.schedule(() -> respondQuietly(exchange), this.slowness.toMillis(), TimeUnit.MILLISECONDS);
			default -> respond(exchange, 200, healthBody());
		}
	}

	private String healthBody() {
		return switch (this.body) {
			case JSON -> "{\"status\":\"UP\",\"version\":\"" + this.version + "\"}";
			case ACTUATOR -> "{\"status\":\"UP\",\"components\":{\"app\":{\"status\":\"UP\",\"details\":{\"version\":\""
					+ this.version + "\"}}}}";
			case TEXT -> "ok " + this.version + "\n";
		};
	}

	private void respondQuietly(HttpExchange exchange) {
		try {
			respond(exchange, 200, healthBody());
		}
		catch (IOException ex) {
			exchange.close();
		}
	}

	private static void respond(HttpExchange exchange, int status, String text) throws IOException {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	@Override
	public void close() {
		down();
		this.delays.shutdownNow();
		this.handlers.shutdownNow();
	}

}
