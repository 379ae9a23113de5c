package dev.baton.demo;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.loadgen.live.ConnectionRecord;

import static org.assertj.core.api.Assertions.assertThat;

class WebSocketJudgeTests {

	@Test
	void underFailAnyConnectionThatEndedIsAProblem() {
		assertThat(WebSocketJudge.untouched(List.of())).isEmpty();
		assertThat(WebSocketJudge.untouched(List.of(closed("ws-1", 1, 9001, ConnectionRecord.SERVER, 1001, 0))))
			.singleElement()
			.asString()
			.contains("ws-1 connection 1 (port 9001, server 1001) ended");
	}

	@Test
	void underProceedEachCloseIsTheAppsGoingAwayFollowedByAConnectionToAnotherInstance() {
		List<ConnectionRecord> ended = List.of(closed("ws-1", 1, 9001, ConnectionRecord.SERVER, 1001, 1),
				closed("ws-1", 2, 9002, ConnectionRecord.SERVER, 1001, 0));
		List<ConnectionRecord> open = List.of(open("ws-1", 3, 9001), open("ws-2", 1, 9002));

		assertThat(WebSocketJudge.closedGoingAwayAndReconnectedElsewhere(ended, open)).isEmpty();
	}

	@Test
	void underProceedAnotherCloseAReconnectToTheSameInstanceOrMessagesLostAreProblems() {
		List<ConnectionRecord> ended = List.of(closed("ws-1", 1, 9001, ConnectionRecord.ERROR, null, 0),
				closed("ws-2", 1, 9002, ConnectionRecord.SERVER, 1001, 3));
		List<ConnectionRecord> open = List.of(open("ws-1", 2, 9001), open("ws-2", 2, 9001));

		assertThat(WebSocketJudge.closedGoingAwayAndReconnectedElsewhere(ended, open)).containsExactlyInAnyOrder(
				"ws-1 connection 1 (port 9001, error) was not closed by the app with 1001",
				"ws-2 connection 1 (port 9002, server 1001) left 3 messages unanswered",
				"ws-1 connection 2 (port 9001, null) reconnected to the instance that closed it (port 9001)");
		assertThat(WebSocketJudge.closedGoingAwayAndReconnectedElsewhere(List.of(), open)).singleElement()
			.asString()
			.contains("no WebSocket was closed");
	}

	private static ConnectionRecord closed(String client, int number, int port, String by, Integer code,
			long unanswered) {
		return new ConnectionRecord(ConnectionRecord.WEBSOCKET, client, number, Instant.EPOCH, Instant.EPOCH, 1000, by,
				code, null, null, 5, 5 - unanswered, unanswered, 0, "v1", port);
	}

	private static ConnectionRecord open(String client, int number, int port) {
		return new ConnectionRecord(ConnectionRecord.WEBSOCKET, client, number, Instant.EPOCH, null, 1000, null, null,
				null, null, 5, 5, 0, 0, "v2", port);
	}

}
