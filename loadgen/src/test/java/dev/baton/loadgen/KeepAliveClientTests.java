package dev.baton.loadgen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The client against a real socket server written here, which records every request line
 * and header block it reads and counts the connections it accepts.
 */
class KeepAliveClientTests {

	private final ExecutorService serverThreads = Executors.newCachedThreadPool();

	private final AtomicInteger connections = new AtomicInteger();

	private final List<String> requests = new CopyOnWriteArrayList<>();

	private ServerSocket server;

	@AfterEach
	void stop() throws IOException {
		if (this.server != null) {
			this.server.close();
		}
		this.serverThreads.shutdownNow();
	}

	@Test
	void sendsRequestsOnOneKeptAliveConnection() throws IOException {
		KeepAliveClient client = client(serve("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));

		for (int i = 0; i < 5; i++) {
			assertThat(client.send(client.get("/work"))).isEqualTo(200);
		}
		assertThat(client.send(client.postJson("/orders", "{\"item\":\"b\u00fcch\"}"))).isEqualTo(200);

		assertThat(this.connections).hasValue(1);
		assertThat(this.requests).hasSize(6);
		assertThat(this.requests.get(0))
			.startsWith("GET /work HTTP/1.1\r\nHost: 127.0.0.1:" + this.server.getLocalPort());
		assertThat(this.requests.get(5)).startsWith("POST /orders HTTP/1.1")
			.contains("Content-Type: application/json\r\nContent-Length: 16\r\n");
	}

	@Test
	void namesTheTargetAsItWasGivenInTheHostHeader() {
		KeepAliveClient client = new KeepAliveClient(URI.create("http://127.0.0.1/"), Duration.ofSeconds(1),
				Duration.ofSeconds(1));

		assertThat(new String(client.get("/work"), StandardCharsets.ISO_8859_1))
			.isEqualTo("GET /work HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: baton-loadgen\r\n\r\n");
	}

	@Test
	void opensANewConnectionAfterTheServerSaidClose() throws IOException {
		KeepAliveClient client = client(serve("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"));

		assertThat(client.send(client.get("/work"))).isEqualTo(200);
		assertThat(client.send(client.get("/work"))).isEqualTo(200);

		assertThat(this.connections).hasValue(2);
	}

	@Test
	void aRequestWithNoAnswerInTimeIsATimeout() throws IOException {
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		this.serverThreads.execute(() -> {
			try (Socket socket = this.server.accept()) {
				socket.getInputStream().read();
				Thread.sleep(10_000);
			}
			catch (IOException | InterruptedException ex) {
				// The test is over.
			}
		});
		KeepAliveClient client = new KeepAliveClient(uri(), Duration.ofSeconds(1), Duration.ofMillis(200));

		assertThatExceptionOfType(HttpTimeoutException.class).isThrownBy(() -> client.send(client.get("/work")))
			.isNotInstanceOf(HttpConnectTimeoutException.class);
		assertThat(FailureCause.of(new HttpTimeoutException("x"))).isEqualTo("timeout");
	}

	@Test
	void aServerThatClosesWithoutAnAnswerIsAClosedConnection() throws IOException {
		KeepAliveClient client = client(serve(null));

		assertThatExceptionOfType(IOException.class).isThrownBy(() -> client.send(client.get("/work")))
			.satisfies((ex) -> assertThat(FailureCause.of(ex)).isEqualTo("closed"));
	}

	private KeepAliveClient client(ServerSocket listening) {
		return new KeepAliveClient(uri(), Duration.ofSeconds(1), Duration.ofSeconds(5));
	}

	private URI uri() {
		return URI.create("http://127.0.0.1:" + this.server.getLocalPort());
	}

	/**
	 * Answers every request with {@code answer}, or closes each connection at its first
	 * request when {@code answer} is null.
	 */
	private ServerSocket serve(String answer) throws IOException {
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		this.serverThreads.execute(() -> {
			while (!this.server.isClosed()) {
				try {
					Socket socket = this.server.accept();
					this.connections.incrementAndGet();
					this.serverThreads.execute(() -> answerAll(socket, answer));
				}
				catch (IOException ex) {
					return;
				}
			}
		});
		return this.server;
	}

	private void answerAll(Socket socket, String answer) {
		try (socket) {
			BufferedReader reader = new BufferedReader(
					new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
			OutputStream output = socket.getOutputStream();
			while (true) {
				StringBuilder request = new StringBuilder();
				int length = 0;
				for (String line = reader.readLine(); line != null && !line.isEmpty(); line = reader.readLine()) {
					request.append(line).append("\r\n");
					if (line.startsWith("Content-Length: ")) {
						length = Integer.parseInt(line.substring(16));
					}
				}
				if (request.length() == 0 || answer == null) {
					return;
				}
				reader.skip(length);
				this.requests.add(request.toString());
				output.write(answer.getBytes(StandardCharsets.ISO_8859_1));
				output.flush();
				if (answer.contains("Connection: close")) {
					return;
				}
			}
		}
		catch (IOException ex) {
			// The client went away.
		}
	}

}
