package dev.baton.nginx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

import dev.baton.contracts.Endpoint;

/**
 * A broken app: accepts a connection, reads the request head and closes without an
 * answer. nginx has then sent the request, so it may retry a GET but never a POST.
 */
public final class ClosingServer implements AutoCloseable {

	private final ServerSocket socket;

	private final AtomicInteger received = new AtomicInteger();

	private final Thread acceptor;

	public ClosingServer() {
		try {
			this.socket = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.acceptor = new Thread(this::serve, "closing-server");
		this.acceptor.start();
	}

	private void serve() {
		while (!this.socket.isClosed()) {
			try (Socket connection = this.socket.accept()) {
				InputStream in = connection.getInputStream();
				int matched = 0;
				byte[] end = { '\r', '\n', '\r', '\n' };
				while (matched < end.length) {
					int next = in.read();
					if (next < 0) {
						break;
					}
					matched = (next == end[matched]) ? matched + 1 : ((next == '\r') ? 1 : 0);
				}
				this.received.incrementAndGet();
			}
			catch (IOException ex) {
				// closed by close(): the loop ends
			}
		}
	}

	public Endpoint endpoint() {
		return new Endpoint("127.0.0.1", this.socket.getLocalPort());
	}

	public int received() {
		return this.received.get();
	}

	@Override
	public void close() throws Exception {
		this.socket.close();
		this.acceptor.join(5000);
	}

}
