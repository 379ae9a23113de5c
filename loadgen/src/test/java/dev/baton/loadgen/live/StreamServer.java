package dev.baton.loadgen.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Answers each connection with a scripted response, written byte for byte, then closes
 * it: a server that can end a stream cleanly, cut it, or refuse it, as a test needs.
 */
final class StreamServer implements AutoCloseable {

	private final ServerSocket server;

	private final IntFunction<String> script;

	private final AtomicInteger connections = new AtomicInteger();

	private final List<String> requests = new CopyOnWriteArrayList<>();

	private final ExecutorService threads = Executors.newCachedThreadPool();

	private final CountDownLatch closed = new CountDownLatch(1);

	/**
	 * @param script the response to the n-th connection (from 1); {@code null} to hold
	 * that connection open, silent, until the server closes; {@link #OPEN_THEN_HOLD} to
	 * open a stream and then hold it
	 */
	StreamServer(IntFunction<String> script) {
		this.script = script;
		try {
			this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.threads.execute(this::accept);
	}

	/**
	 * A stream's head and its open event, after which the server holds the connection.
	 */
	static final String OPEN_THEN_HOLD = chunked(false, "event:open\ndata:{\"version\":\"v3\",\"port\":9001}\n\n");

	/** A chunked 200 response carrying these event stream lines, one chunk each. */
	static String chunked(boolean lastChunk, String... events) {
		StringBuilder response = new StringBuilder(
				"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
		for (String event : events) {
			byte[] bytes = event.getBytes(StandardCharsets.UTF_8);
			response.append(Integer.toHexString(bytes.length)).append("\r\n").append(event).append("\r\n");
		}
		return response.append(lastChunk ? "0\r\n\r\n" : "").toString();
	}

	URI target() {
		return URI.create("http://127.0.0.1:" + this.server.getLocalPort());
	}

	List<String> requests() {
		return this.requests;
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
				this.threads.execute(() -> serve(socket, this.connections.incrementAndGet()));
			}
			catch (IOException ex) {
				// closed
			}
		}
	}

	private void serve(Socket socket, int number) {
		try (socket) {
			InputStream in = socket.getInputStream();
			StringBuilder head = new StringBuilder();
			for (String line = HttpLines.read(in, IOException::new); !line.isEmpty(); line = HttpLines.read(in,
					IOException::new)) {
				head.append(line).append('\n');
			}
			this.requests.add(head.toString());
			String response = this.script.apply(number);
			if (response != null) {
				socket.getOutputStream().write(response.getBytes(StandardCharsets.UTF_8));
				socket.getOutputStream().flush();
			}
			if (response == null || response == OPEN_THEN_HOLD) {
				this.closed.await();
			}
		}
		catch (IOException ex) {
			// the client went away
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void close() throws IOException {
		this.server.close();
		this.closed.countDown();
		this.threads.shutdownNow();
	}

}
