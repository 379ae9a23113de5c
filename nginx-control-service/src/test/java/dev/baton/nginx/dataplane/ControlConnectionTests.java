package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ControlConnectionTests {

	@Test
	void readsChunkedAndSizedAnswersOnOneKeptAliveConnection() throws Exception {
		String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nversio\r\n4\r\nn 7\n\r\n0\r\n\r\n";
		String sized = "HTTP/1.1 401 Unauthorized\r\nContent-Length: 6\r\n\r\nnope\r\n";
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			CompletableFuture<Void> nginx = CompletableFuture.runAsync(() -> answer(server, chunked, sized));
			try (ControlConnection connection = new ControlConnection("127.0.0.1", server.getLocalPort())) {
				ControlConnection.ControlResponse first = connection.exchange("GET /baton/epoch HTTP/1.1\r\n",
						new byte[0]);
				ControlConnection.ControlResponse second = connection.exchange("PUT /baton/peers HTTP/1.1\r\n",
						"127.0.0.1:1 up\n".getBytes(StandardCharsets.UTF_8));

				assertThat(first).isEqualTo(new ControlConnection.ControlResponse(200, "version 7\n"));
				assertThat(second).isEqualTo(new ControlConnection.ControlResponse(401, "nope\r\n"));
				assertThat(connection.reusable()).isTrue();
			}
			nginx.join();
		}
	}

	private static void answer(ServerSocket server, String... answers) {
		try (Socket socket = server.accept()) {
			InputStream in = socket.getInputStream();
			for (String answer : answers) {
				readRequest(in);
				socket.getOutputStream().write(answer.getBytes(StandardCharsets.US_ASCII));
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Reads a head and the body its Content-Length announces. */
	private static void readRequest(InputStream in) throws IOException {
		StringBuilder head = new StringBuilder();
		while (!head.toString().endsWith("\r\n\r\n")) {
			head.append((char) in.read());
		}
		String text = head.toString();
		int index = text.indexOf("Content-Length: ");
		int length = Integer.parseInt(text.substring(index + 16, text.indexOf("\r\n", index)));
		in.readNBytes(length);
	}

}
