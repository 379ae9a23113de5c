package dev.baton.sample.live;

import java.io.IOException;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;

import dev.baton.sample.config.SampleProperties;

/**
 * {@code /ws}: answers every text message with
 * {@code {"version":"v2","port":9001,"echo":"<the message>"}}, so a client checks both
 * the echo and which instance it talks to. On shutdown it closes with 1001 (going away),
 * the code that tells a client to reconnect elsewhere.
 */
@Component
class EchoSocket extends TextWebSocketHandler {

	static final CloseStatus GOING_AWAY = CloseStatus.GOING_AWAY.withReason("shutting down");

	private static final String GO_AWAY = "goAway";

	private final OpenConnections connections;

	private final JsonMapper json;

	private final String version;

	EchoSocket(OpenConnections connections, JsonMapper json, SampleProperties properties) {
		this.connections = connections;
		this.json = json;
		this.version = properties.version().value();
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession session) throws IOException {
		Runnable goAway = () -> close(session);
		session.getAttributes().put(GO_AWAY, goAway);
		if (!this.connections.open(goAway)) {
			close(session);
		}
	}

	@Override
	protected void handleTextMessage(WebSocketSession session, TextMessage message) throws IOException {
		Echo echo = new Echo(this.version, session.getLocalAddress().getPort(), message.getPayload());
		// The shutdown thread may close the session while a message is answered; a
		// session sends one frame at a time.
		synchronized (session) {
			if (session.isOpen()) {
				session.sendMessage(new TextMessage(this.json.writeValueAsString(echo)));
			}
		}
	}

	@Override
	public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
		if (session.getAttributes().get(GO_AWAY) instanceof Runnable goAway) {
			this.connections.closed(goAway);
		}
	}

	private static void close(WebSocketSession session) {
		synchronized (session) {
			try {
				session.close(GOING_AWAY);
			}
			catch (IOException ex) {
				// The client is gone already: nothing left to close.
			}
		}
	}

	/**
	 * The answer to one message.
	 *
	 * @param version the version of the instance that answers
	 * @param port the port of the instance that answers
	 * @param echo the message as received
	 */
	record Echo(String version, int port, String echo) {

	}

}
