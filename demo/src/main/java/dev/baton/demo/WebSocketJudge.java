package dev.baton.demo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.baton.loadgen.live.ConnectionRecord;

/**
 * Judges a deploy from the WebSocket clients' own records of their connections, not from
 * what Baton says: which connections ended, who closed them, and which instance answered
 * the next one.
 */
final class WebSocketJudge {

	/** The close code of an app that shuts down: "going away". */
	static final int GOING_AWAY = 1001;

	private WebSocketJudge() {
	}

	/**
	 * Under the {@code fail} policy nothing is restarted, so no connection may end.
	 * @param ended the connections that ended during the deploy
	 * @return what went wrong, empty when nothing did
	 */
	static List<String> untouched(List<ConnectionRecord> ended) {
		return ended.stream()
			.map((connection) -> describe(connection) + " ended, though nothing was restarted")
			.toList();
	}

	/**
	 * Under the {@code proceed} policy an instance is restarted with its WebSockets open
	 * and the app closes them itself: each connection that ended must have been closed by
	 * the server with 1001, and the client's next connection answered by another instance
	 * (the one being restarted is out of rotation). A message that crossed the close
	 * frame cannot be echoed, so one unanswered message per such close is allowed; none
	 * may be answered wrongly.
	 * @param ended the connections that ended during the deploy
	 * @param open the connections open after it
	 * @return what went wrong, empty when nothing did
	 */
	static List<String> closedGoingAwayAndReconnectedElsewhere(List<ConnectionRecord> ended,
			List<ConnectionRecord> open) {
		List<String> problems = new ArrayList<>();
		if (ended.isEmpty()) {
			problems.add("no WebSocket was closed: the deploy never reached an instance holding one");
		}
		for (ConnectionRecord connection : ended) {
			if (!ConnectionRecord.SERVER.equals(connection.closedBy())
					|| !Objects.equals(connection.code(), GOING_AWAY)) {
				problems.add(describe(connection) + " was not closed by the app with " + GOING_AWAY);
			}
			if (connection.unanswered() > 1) {
				problems.add(describe(connection) + " left " + connection.unanswered() + " messages unanswered");
			}
		}
		Stream.concat(ended.stream(), open.stream())
			.filter((connection) -> connection.bad() > 0)
			.forEach((connection) -> problems
				.add(describe(connection) + " got " + connection.bad() + " wrong echo(es)"));
		Map<String, List<ConnectionRecord>> byClient = Stream.concat(ended.stream(), open.stream())
			.sorted(Comparator.comparingInt(ConnectionRecord::connection))
			.collect(Collectors.groupingBy(ConnectionRecord::client));
		byClient.values().forEach((connections) -> {
			for (int i = 1; i < connections.size(); i++) {
				ConnectionRecord before = connections.get(i - 1);
				ConnectionRecord after = connections.get(i);
				if (!after.opened()) {
					problems.add(describe(after) + " did not open: " + after.error());
				}
				else if (Objects.equals(before.port(), after.port())) {
					problems.add(describe(after) + " reconnected to the instance that closed it (port " + after.port()
							+ ")");
				}
			}
		});
		return problems;
	}

	static String describe(ConnectionRecord connection) {
		return connection.client() + " connection " + connection.connection() + " (port " + connection.port() + ", "
				+ connection.closedBy() + (connection.code() != null ? " " + connection.code() : "") + ")";
	}

}
