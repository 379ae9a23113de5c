package dev.baton.loadgen.live;

import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ConnectionLogTests {

	@TempDir
	Path directory;

	@Test
	void eachConnectionIsOneJsonLineThatReadsBackAsIt() throws Exception {
		ConnectionRecord closed = new ConnectionRecord(ConnectionRecord.WEBSOCKET, "ws-1", 3,
				Instant.parse("2026-12-07T10:00:00Z"), Instant.parse("2026-12-07T10:00:12.5Z"), 12_500,
				ConnectionRecord.SERVER, 1001, "shutting down", null, 12, 12, 0, 0, "v2", 9001);
		ConnectionRecord refused = new ConnectionRecord(ConnectionRecord.EVENTS, "events-1", 1, null,
				Instant.parse("2026-12-07T10:00:13Z"), 0, ConnectionRecord.ERROR, null, null,
				"ConnectException: Connection refused", 0, 0, 0, 0, null, null);
		Path file = this.directory.resolve("logs/connections.jsonl");

		try (ConnectionLog log = ConnectionLog.appendingTo(file)) {
			log.write(closed);
			log.write(refused);
		}

		assertThat(ConnectionLog.line(closed)).isEqualTo("{\"kind\":\"websocket\",\"client\":\"ws-1\",\"connection\":3,"
				+ "\"openedAt\":\"2026-12-07T10:00:00Z\",\"closedAt\":\"2026-12-07T10:00:12.500Z\",\"millis\":12500,"
				+ "\"closedBy\":\"server\",\"code\":1001,\"reason\":\"shutting down\",\"error\":null,\"sent\":12,"
				+ "\"received\":12,\"unanswered\":0,\"bad\":0,\"version\":\"v2\",\"port\":9001}");
		assertThat(ConnectionLog.read(file)).containsExactly(closed, refused);
		assertThat(refused.opened()).isFalse();
	}

}
