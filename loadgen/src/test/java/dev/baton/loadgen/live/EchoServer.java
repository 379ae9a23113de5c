package dev.baton.loadgen.live;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A WebSocket echo server (RFC 6455) on a random loopback port that answers as the sample
 * app does ({@code {"version":..,"port":..,"echo":..}}), answers a close with a close,
 * and can close every socket itself, as an app that shuts down does. The JDK has a
 * WebSocket client but no server; this one reads the frames itself.
 */
final class EchoServer implements AutoCloseable {

	private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

	private final ServerSocket server;

	private final String version;

	private final String echoPrefix;

	private final ExecutorService threads = Executors.newCachedThreadPool();

	private final Map<Socket, OutputStream> open = new ConcurrentHashMap<>();

	/** Sockets this server sent a close on: the client's close then answers it. */
	private final Set<OutputStream> closing = ConcurrentHashMap.newKeySet();

	/**
	 * @param version the version it says it runs
	 * @param echoPrefix put before every echo; empty for a true echo, anything else plays
	 * a server that answers wrongly
	 */
	EchoServer(String version, String echoPrefix) {
		this.version = version;
		this.echoPrefix = echoPrefix;
		try {
			this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.threads.execute(this::accept);
	}

	URI target() {
		return URI.create("http://127.0.0.1:" + this.server.getLocalPort());
	}

	int port() {
		return this.server.getLocalPort();
	}

	int open() {
		return this.open.size();
	}

	/** Closes every open WebSocket from the server's side with this code and reason. */
	void closeAll(int code, String reason) throws IOException {
		for (Map.Entry<Socket, OutputStream> socket : this.open.entrySet()) {
			byte[] text = reason.getBytes(StandardCharsets.UTF_8);
			ByteBuffer payload = ByteBuffer.allocate(2 + text.length).putShort((short) code).put(text);
			synchronized (socket.getValue()) {
				this.closing.add(socket.getValue());
				frame(socket.getValue(), 0x8, payload.array());
			}
		}
	}

	private void accept() {
		while (!this.server.isClosed()) {
			try {
				Socket socket = this.server.accept();
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
			String key = null;
			for (String line = HttpLines.read(in, IOException::new); !line.isEmpty(); line = HttpLines.read(in,
					IOException::new)) {
				if (line.toLowerCase(Locale.ROOT).startsWith("sec-websocket-key:")) {
					key = line.substring(line.indexOf(':') + 1).trim();
				}
			}
			out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
					+ "Sec-WebSocket-Accept: " + accept(key) + "\r\n\r\n")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			this.open.put(socket, out);
			echo(new DataInputStream(in), out, socket.getLocalPort());
		}
		catch (IOException ex) {
			// the client went away
		}
		finally {
			this.open.remove(socket);
		}
	}

	private void echo(DataInputStream in, OutputStream out, int port) throws IOException {
		while (true) {
			int first = in.readUnsignedByte();
			int second = in.readUnsignedByte();
			int length = second & 0x7f;
			if (length == 126) {
				length = in.readUnsignedShort();
			}
			byte[] mask = new byte[4];
			in.readFully(mask);
			byte[] payload = new byte[length];
			in.readFully(payload);
			for (int i = 0; i < payload.length; i++) {
				payload[i] ^= mask[i % 4];
			}
			int opcode = first & 0x0f;
			synchronized (out) {
				if (opcode == 0x1) {
					String echo = this.echoPrefix + new String(payload, StandardCharsets.UTF_8);
					frame(out, 0x1,
							("{\"version\":\"" + this.version + "\",\"port\":" + port + ",\"echo\":\"" + echo + "\"}")
								.getBytes(StandardCharsets.UTF_8));
				}
				if (opcode == 0x8) {
					if (!this.closing.remove(out)) {
						frame(out, 0x8, payload);
					}
					return;
				}
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

	@Override
	public void close() throws IOException {
		this.server.close();
		for (Socket socket : this.open.keySet()) {
			socket.close();
		}
		this.threads.shutdownNow();
	}

}
