package dev.baton.deployer.runtime.supervisord;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Calls supervisord over its {@code unix_http_server} socket: one HTTP/1.0 request per
 * connection, read until supervisord closes it, within the call timeout.
 */
final class UnixSocketTransport implements Transport {

	private static final byte[] HEADER_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

	private final Path socket;

	private final Optional<String> authorization;

	UnixSocketTransport(Path socket, Optional<String> authorization) {
		this.socket = socket;
		this.authorization = authorization;
	}

	@Override
	public byte[] post(byte[] call) throws IOException {
		byte[] answer;
		try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
			channel.connect(UnixDomainSocketAddress.of(this.socket));
			String head = "POST /RPC2 HTTP/1.0\r\nHost: localhost\r\nContent-Type: text/xml\r\nContent-Length: "
					+ call.length + "\r\n"
					+ this.authorization.map((value) -> "Authorization: " + value + "\r\n").orElse("") + "\r\n";
			ByteBuffer request = ByteBuffer.allocate(head.length() + call.length)
				.put(head.getBytes(StandardCharsets.US_ASCII))
				.put(call)
				.flip();
			while (request.hasRemaining()) {
				channel.write(request);
			}
			answer = readAll(channel);
		}
		catch (IOException ex) {
			throw new IOException("supervisord does not answer at unix://" + this.socket + ": " + ex, ex);
		}
		int end = indexOf(answer, HEADER_END);
		String status = new String(answer, 0, Math.min(answer.length, 256), StandardCharsets.ISO_8859_1).lines()
			.findFirst()
			.orElse("");
		if (status.matches("HTTP/1\\.[01] 401.*")) {
			throw new IOException("supervisord at unix://" + this.socket + " refused the credentials (HTTP 401)");
		}
		if (!status.matches("HTTP/1\\.[01] 200.*") || end < 0) {
			throw new IOException("supervisord answered " + status + " at unix://" + this.socket);
		}
		byte[] body = new byte[answer.length - end - HEADER_END.length];
		System.arraycopy(answer, end + HEADER_END.length, body, 0, body.length);
		return body;
	}

	private static byte[] readAll(SocketChannel channel) throws IOException {
		long deadline = System.nanoTime() + CALL_TIMEOUT.toNanos();
		ByteArrayOutputStream answer = new ByteArrayOutputStream();
		ByteBuffer buffer = ByteBuffer.allocate(8192);
		channel.configureBlocking(false);
		try (Selector selector = Selector.open()) {
			channel.register(selector, SelectionKey.OP_READ);
			while (true) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					throw new IOException("no complete answer within " + CALL_TIMEOUT);
				}
				selector.select(Math.max(1, left / 1_000_000));
				selector.selectedKeys().clear();
				int read = channel.read(buffer.clear());
				if (read < 0) {
					return answer.toByteArray();
				}
				answer.write(buffer.array(), 0, read);
			}
		}
	}

	private static int indexOf(byte[] bytes, byte[] part) {
		for (int i = 0; i + part.length <= bytes.length; i++) {
			int j = 0;
			while (j < part.length && bytes[i + j] == part[j]) {
				j++;
			}
			if (j == part.length) {
				return i;
			}
		}
		return -1;
	}

	@Override
	public String toString() {
		return "unix://" + this.socket;
	}

}
