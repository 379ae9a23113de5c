package dev.baton.nginx;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import dev.baton.contracts.Endpoint;

/**
 * An app that speaks WebSocket (RFC 6455) on a random loopback port, as small as a test
 * needs: it accepts an upgrade on any path, echoes every text message, answers a close
 * with a close, and counts the WebSockets open on it. The JDK has a WebSocket client but
 * no server; this one reads the frames itself.
 */
public final class WebSocketApp implements AutoCloseable {

	private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

	private static final int TEXT = 0x1;

	private static final int CLOSE = 0x8;

	private final ServerSocket server;

	private final ExecutorService threads = Executors.newCachedThreadPool();

	private final AtomicInteger open = new AtomicInteger();

	private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

	public WebSocketApp() {
		try {
			this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.threads.execute(this::accept);
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
				this.sockets.add(socket);
				this.threads.execute(() -> serve(socket));
			}
			catch (IOException ex) {
				// closed
			}
		}
	}

	private void serve(Socket socket) {
		try (socket) {
			InputStream in = socket.getInputStream();
			OutputStream out = socket.getOutputStream();
			String key = upgradeKey(in);
			if (key == null) {
				out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
					.getBytes(StandardCharsets.ISO_8859_1));
				return;
			}
			out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
					+ "Sec-WebSocket-Accept: " + accept(key) + "\r\n\r\n")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			this.open.incrementAndGet();
			try {
				echo(new DataInputStream(in), out);
			}
			finally {
				this.open.decrementAndGet();
			}
		}
		catch (IOException ex) {
			// the client went away
		}
		finally {
			this.sockets.remove(socket);
		}
	}

	/** The request's {@code Sec-WebSocket-Key}, or null when it asks for no upgrade. */
	private static String upgradeKey(InputStream in) throws IOException {
		String key = null;
		boolean upgrade = false;
		for (String line = line(in); !line.isEmpty(); line = line(in)) {
			String lower = line.toLowerCase(Locale.ROOT);
			if (lower.startsWith("sec-websocket-key:")) {
				key = line.substring(line.indexOf(':') + 1).trim();
			}
			if (lower.startsWith("upgrade:") && lower.contains("websocket")) {
				upgrade = true;
			}
		}
		return upgrade ? key : null;
	}

	private static void echo(DataInputStream in, OutputStream out) throws IOException {
		while (true) {
			int first = in.readUnsignedByte();
			int second = in.readUnsignedByte();
			long length = second & 0x7f;
			if (length == 126) {
				length = in.readUnsignedShort();
			}
			else if (length == 127) {
				length = in.readLong();
			}
			byte[] mask = new byte[4];
			if ((second & 0x80) != 0) {
				in.readFully(mask);
			}
			byte[] payload = new byte[(int) length];
			in.readFully(payload);
			for (int i = 0; i < payload.length; i++) {
				payload[i] ^= mask[i % 4];
			}
			int opcode = first & 0x0f;
			if (opcode == TEXT || opcode == CLOSE) {
				frame(out, opcode, payload);
			}
			if (opcode == CLOSE) {
				return;
			}
		}
	}

	/** A final, unmasked frame of at most 125 bytes, as a server sends. */
	private static void frame(OutputStream out, int opcode, byte[] payload) throws IOException {
		out.write(0x80 | opcode);
		out.write(payload.length);
		out.write(payload);
		out.flush();
	}

	private static String line(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		for (int b = in.read(); b != '\n'; b = in.read()) {
			if (b < 0) {
				throw new IOException("closed in the middle of a request");
			}
			if (b != '\r') {
				line.append((char) b);
			}
		}
		return line.toString();
	}

	private static String accept(String key) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-1")
				.digest((key + ACCEPT_GUID).getBytes(StandardCharsets.ISO_8859_1));
			return Base64.getEncoder().encodeToString(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public Endpoint endpoint() {
		return new Endpoint("127.0.0.1", this.server.getLocalPort());
	}

	/** WebSockets open on the app now. */
	public int open() {
		return this.open.get();
	}

	@Override
	public void close() {
		try {
			this.server.close();
		}
		catch (IOException ex) {
			// closing anyway
		}
		for (Socket socket : this.sockets) {
			try {
				socket.close();
			}
			catch (IOException ex) {
				// closing anyway
			}
		}
		this.threads.shutdownNow();
	}

}
