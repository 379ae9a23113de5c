package dev.baton.health.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Many instances in one thread: a non-blocking HTTP/1.1 server listening on one loopback
 * port per instance and answering every request with a healthy, versioned body, keeping
 * connections alive as a real app would.
 */
final class FleetServer implements AutoCloseable {

	private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 30\r\n"
			+ "\r\n{\"status\":\"UP\",\"version\":\"v1\"}")
		.getBytes(StandardCharsets.US_ASCII);

	private final Selector selector;

	private final List<Integer> ports = new ArrayList<>();

	private final Thread thread;

	private final AtomicLong connections = new AtomicLong();

	private volatile boolean running = true;

	FleetServer(int instances) throws IOException {
		this.selector = Selector.open();
		for (int i = 0; i < instances; i++) {
			ServerSocketChannel server = ServerSocketChannel.open();
			server.bind(new InetSocketAddress("127.0.0.1", 0), 128);
			server.configureBlocking(false);
			server.register(this.selector, SelectionKey.OP_ACCEPT);
			this.ports.add(((InetSocketAddress) server.getLocalAddress()).getPort());
		}
		this.thread = new Thread(this::serve, "fleet-server");
		this.thread.setDaemon(true);
		this.thread.start();
	}

	/**
	 * Connections accepted so far: about one per instance when the prober keeps them
	 * alive.
	 * @return the count
	 */
	long connections() {
		return this.connections.get();
	}

	List<Integer> ports() {
		return this.ports;
	}

	private void serve() {
		try {
			while (this.running) {
				this.selector.select(200);
				Iterator<SelectionKey> keys = this.selector.selectedKeys().iterator();
				while (keys.hasNext()) {
					SelectionKey key = keys.next();
					keys.remove();
					handle(key);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void handle(SelectionKey key) throws IOException {
		if (!key.isValid()) {
			return;
		}
		if (key.isAcceptable()) {
			SocketChannel client = ((ServerSocketChannel) key.channel()).accept();
			if (client != null) {
				this.connections.incrementAndGet();
				client.configureBlocking(false);
				client.register(this.selector, SelectionKey.OP_READ, new Connection());
			}
			return;
		}
		SocketChannel client = (SocketChannel) key.channel();
		Connection connection = (Connection) key.attachment();
		try {
			if (key.isReadable() && !connection.read(client)) {
				key.cancel();
				client.close();
				return;
			}
			connection.write(client);
			key.interestOps(connection.pending() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
		}
		catch (IOException ex) {
			key.cancel();
			client.close();
		}
	}

	@Override
	public void close() throws IOException {
		this.running = false;
		this.selector.wakeup();
		try {
			this.thread.join(2000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		for (SelectionKey key : this.selector.keys()) {
			key.channel().close();
		}
		this.selector.close();
	}

	/** One keep-alive connection: counts complete requests, owes one response each. */
	private static final class Connection {

		private final ByteBuffer in = ByteBuffer.allocate(8192);

		private ByteBuffer out = ByteBuffer.allocate(0);

		private int owed;

		/** Reads what arrived; false once the peer closed. */
		boolean read(SocketChannel client) throws IOException {
			if (client.read(this.in) < 0) {
				return false;
			}
			this.in.flip();
			byte[] bytes = new byte[this.in.remaining()];
			this.in.get(bytes);
			String text = new String(bytes, StandardCharsets.US_ASCII);
			int consumed = 0;
			for (int end = text.indexOf("\r\n\r\n"); end >= 0; end = text.indexOf("\r\n\r\n", consumed)) {
				this.owed++;
				consumed = end + 4;
			}
			this.in.clear();
			this.in.put(bytes, consumed, bytes.length - consumed);
			return true;
		}

		void write(SocketChannel client) throws IOException {
			while (this.owed > 0 && !this.out.hasRemaining()) {
				this.out = ByteBuffer.wrap(RESPONSE);
				this.owed--;
				client.write(this.out);
			}
			if (this.out.hasRemaining()) {
				client.write(this.out);
			}
		}

		boolean pending() {
			return this.out.hasRemaining() || this.owed > 0;
		}

	}

}
