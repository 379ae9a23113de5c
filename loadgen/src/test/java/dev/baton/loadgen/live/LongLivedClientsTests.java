package dev.baton.loadgen.live;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The clients against real sockets: a WebSocket echo server and a scripted event stream
 * server written for these tests. Through nginx against the sample app, they are tested
 * where deploys are.
 */
class LongLivedClientsTests {

	private static final Duration WAIT = Duration.ofSeconds(30);

	@TempDir
	Path directory;

	private LongLivedClients clients;

	@AfterEach
	void stop() {
		if (this.clients != null) {
			this.clients.stop();
		}
	}

	@Test
	void webSocketsEchoEveryMessageAndCloseNormallyWhenStoppedEachOnOneLogLine() throws Exception {
		try (EchoServer server = new EchoServer("v7", "")) {
			Path log = this.directory.resolve("connections.jsonl");
			this.clients = LongLivedClients.start(fast(server.target(), 2).withLog(log));
			await().atMost(WAIT).until(() -> this.clients.summary().open() == 2 && everyOpenReceivedAtLeast(3));

			LongLivedSummary summary = this.clients.stop();

			assertThat(summary.closedByClient()).as("%s %s", summary, this.clients.ended()).isEqualTo(2);
			assertThat(summary.clean()).as(summary.toString()).isTrue();
			assertThat(summary.sent()).isEqualTo(summary.received()).isGreaterThanOrEqualTo(6);
			List<ConnectionRecord> lines = ConnectionLog.read(log);
			assertThat(lines).hasSize(2).allSatisfy((line) -> {
				assertThat(line.kind()).isEqualTo(ConnectionRecord.WEBSOCKET);
				assertThat(line.closedBy()).isEqualTo(ConnectionRecord.CLIENT);
				assertThat(line.code()).isEqualTo(1000);
				assertThat(line.reason()).isEqualTo("stop");
				assertThat(line.version()).isEqualTo("v7");
				assertThat(line.port()).isEqualTo(server.port());
				assertThat(line.openedAt()).isBeforeOrEqualTo(line.closedAt());
				assertThat(line.unanswered()).isZero();
			});
			assertThat(lines).extracting(ConnectionRecord::client).containsExactlyInAnyOrder("ws-1", "ws-2");
		}
	}

	@Test
	void aServerCloseIsWrittenWithItsCodeAndTheClientOpensItsNextConnection() throws Exception {
		try (EchoServer server = new EchoServer("v2", "")) {
			this.clients = LongLivedClients.start(fast(server.target(), 1));
			await().atMost(WAIT).until(() -> everyOpenReceivedAtLeast(1) && this.clients.summary().open() == 1);

			server.closeAll(1001, "shutting down");

			await().atMost(WAIT).until(() -> !this.clients.ended().isEmpty());
			ConnectionRecord closed = this.clients.ended().get(0);
			assertThat(closed.closedBy()).isEqualTo(ConnectionRecord.SERVER);
			assertThat(closed.code()).isEqualTo(1001);
			assertThat(closed.reason()).isEqualTo("shutting down");
			await().atMost(WAIT)
				.until(() -> this.clients.openNow()
					.stream()
					.anyMatch((now) -> now.connection() == 2 && now.received() > 0));
			assertThat(this.clients.summary().serverCloses()).containsEntry("websocket 1001", 1L);
		}
	}

	@Test
	void aBoundedLifetimeClosesEachWebSocketNormallyAndOpensTheNext() throws Exception {
		try (EchoServer server = new EchoServer("v1", "")) {
			this.clients = LongLivedClients
				.start(fast(server.target(), 1).withWebSocketLifetime(Duration.ofMillis(300)));

			await().atMost(WAIT).until(() -> this.clients.ended().size() >= 2);

			assertThat(this.clients.ended().subList(0, 2)).allSatisfy((line) -> {
				assertThat(line.closedBy()).isEqualTo(ConnectionRecord.CLIENT);
				assertThat(line.reason()).isEqualTo("lifetime");
				assertThat(line.unanswered()).isZero();
			}).extracting(ConnectionRecord::connection).containsExactly(1, 2);
			assertThat(this.clients.stop().clean()).isTrue();
		}
	}

	@Test
	void anEchoThatDoesNotAnswerTheMessageSentIsCountedBad() throws Exception {
		try (EchoServer server = new EchoServer("v1", "not-")) {
			this.clients = LongLivedClients.start(fast(server.target(), 1));

			await().atMost(WAIT).until(() -> everyOpenReceivedAtLeast(2));

			assertThat(this.clients.stop().bad()).isGreaterThanOrEqualTo(2);
		}
	}

	@Test
	void aTargetThatRefusesIsWrittenAsNeverOpenedAndTriedAgain() throws Exception {
		this.clients = LongLivedClients.start(fast(URI.create("http://127.0.0.1:" + closedPort()), 1));

		await().atMost(WAIT).until(() -> this.clients.ended().size() >= 2);

		ConnectionRecord first = this.clients.ended().get(0);
		assertThat(first.opened()).isFalse();
		assertThat(first.closedBy()).isEqualTo(ConnectionRecord.ERROR);
		assertThat(first.error()).isNotBlank();
		assertThat(this.clients.summary().failedToOpen()).isGreaterThanOrEqualTo(2);
		assertThat(this.clients.summary().opened()).isZero();
	}

	@Test
	void anEventStreamReadToItsEndEventAndLastChunkIsClosedByTheServerWithItsReason() throws Exception {
		try (StreamServer server = new StreamServer((n) -> (n == 1)
				? StreamServer.chunked(true,
						"event:open\ndata:{\"version\":\"v3\",\"port\":9001,\"seq\":0,\"of\":2}\n\n",
						"event:tick\nid:1\ndata:{\"version\":\"v3\",\"port\":9001,\"seq\":1,\"of\":2}\n\n",
						"event:tick\nid:2\ndata:{\"version\":\"v3\",\"port\":9001,\"seq\":2,\"of\":2}\n\n",
						"event:end\ndata:{\"version\":\"v3\",\"port\":9001,\"reason\":\"complete\"}\n\n")
				: StreamServer.OPEN_THEN_HOLD)) {
			this.clients = LongLivedClients.start(streams(server.target()));

			await().atMost(WAIT).until(() -> !this.clients.ended().isEmpty());

			ConnectionRecord stream = this.clients.ended().get(0);
			assertThat(stream.kind()).isEqualTo(ConnectionRecord.EVENTS);
			assertThat(stream.closedBy()).isEqualTo(ConnectionRecord.SERVER);
			assertThat(stream.reason()).isEqualTo("complete");
			assertThat(stream.received()).isEqualTo(2);
			assertThat(stream.bad()).isZero();
			assertThat(stream.version()).isEqualTo("v3");
			assertThat(stream.port()).isEqualTo(9001);
			assertThat(server.requests().get(0)).startsWith("GET /events?seconds=30 HTTP/1.1");
			await().atMost(WAIT).until(() -> this.clients.summary().open() == 1);
			assertThat(this.clients.stop().closedByClient()).as("the second stream, held open").isEqualTo(1);
		}
	}

	@Test
	void anEventStreamCutBeforeItsLastChunkOrMissingATickIsAnError() throws Exception {
		try (StreamServer server = new StreamServer((n) -> switch (n) {
			case 1 -> StreamServer.chunked(false, "event:open\ndata:{\"version\":\"v3\",\"port\":9001}\n\n",
					"event:tick\ndata:{\"seq\":1}\n\n", "event:tick\ndata:{\"seq\":3}\n\n");
			case 2 -> "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n";
			default -> null;
		})) {
			this.clients = LongLivedClients.start(streams(server.target()));

			await().atMost(WAIT).until(() -> this.clients.ended().size() >= 2);

			ConnectionRecord cut = this.clients.ended().get(0);
			assertThat(cut.closedBy()).isEqualTo(ConnectionRecord.ERROR);
			assertThat(cut.error()).contains("cut");
			assertThat(cut.received()).isEqualTo(2);
			assertThat(cut.bad()).as("tick 2 missing").isEqualTo(1);
			ConnectionRecord refused = this.clients.ended().get(1);
			assertThat(refused.opened()).isFalse();
			assertThat(refused.error()).contains("502");
		}
	}

	private boolean everyOpenReceivedAtLeast(long count) {
		List<ConnectionRecord> open = this.clients.openNow();
		return !open.isEmpty() && open.stream().allMatch((now) -> now.received() >= count);
	}

	private static LongLivedSettings fast(URI target, int webSockets) {
		LongLivedSettings defaults = LongLivedSettings.defaults(target);
		return new LongLivedSettings(target, webSockets, defaults.webSocketPath(), Duration.ofMillis(50), null, 0,
				defaults.eventsPath(), defaults.streamSeconds(), defaults.openTimeout(), defaults.silenceTimeout(),
				null);
	}

	private static LongLivedSettings streams(URI target) {
		return LongLivedSettings.defaults(target).withWebSockets(0).withEventStreams(1, 30);
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
