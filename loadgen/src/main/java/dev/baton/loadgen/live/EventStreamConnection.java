package dev.baton.loadgen.live;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One event stream of a client, read on a socket of its own to its end. A plain socket
 * rather than an HTTP client library, so that a stream's clean end (its last chunk after
 * an {@code end} event) and a stream cut (the connection closed before) are told apart,
 * and so that stopping is closing the socket.
 */
final class EventStreamConnection {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final String client;

	private final int number;

	private final LongLivedSettings settings;

	private final Runnable onOpen;

	private volatile Socket socket;

	private volatile boolean stopping;

	private volatile Instant openedAt;

	private volatile long openedNanos;

	private volatile long received;

	private volatile long bad;

	private volatile String version;

	private volatile Integer port;

	private int lastSeq;

	private String endReason;

	EventStreamConnection(String client, int number, LongLivedSettings settings, Runnable onOpen) {
		this.client = client;
		this.number = number;
		this.settings = settings;
		this.onOpen = onOpen;
	}

	/**
	 * Opens the stream and reads it to its end.
	 * @return how it went; {@code null} when the client stopped before it opened
	 */
	ConnectionRecord run() {
		URI target = this.settings.target();
		try (Socket open = new Socket()) {
			this.socket = open;
			if (this.stopping) {
				return null;
			}
			open.connect(new InetSocketAddress(target.getHost(), target.getPort()),
					(int) this.settings.openTimeout().toMillis());
			open.setSoTimeout((int) this.settings.silenceTimeout().toMillis());
			OutputStream out = open.getOutputStream();
			out.write(("GET " + this.settings.eventsPath() + "?seconds=" + this.settings.streamSeconds()
					+ " HTTP/1.1\r\nHost: " + target.getRawAuthority() + "\r\nAccept: text/event-stream\r\n"
					+ "User-Agent: baton-loadgen\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.ISO_8859_1));
			out.flush();
			InputStream in = new BufferedInputStream(open.getInputStream());
			InputStream body = head(in);
			this.openedAt = Instant.now();
			this.openedNanos = System.nanoTime();
			this.onOpen.run();
			return read(body);
		}
		catch (SocketTimeoutException ex) {
			return end(ConnectionRecord.ERROR, null,
					"silent for " + this.settings.silenceTimeout().toMillis() + " ms" + phase());
		}
		catch (IOException ex) {
			if (this.stopping) {
				return (this.openedAt != null) ? end(ConnectionRecord.CLIENT, "stop", null) : null;
			}
			return end(ConnectionRecord.ERROR, null, WebSocketConnection.describe(ex) + phase());
		}
		catch (StatusException ex) {
			return end(ConnectionRecord.ERROR, null, ex.getMessage());
		}
	}

	private String phase() {
		return (this.endReason != null) ? " (after its end event)" : "";
	}

	/**
	 * Reads the response head; returns the body, chunked or read to the connection's end.
	 */
	private InputStream head(InputStream in) throws IOException, StatusException {
		String status = HttpLines.read(in, () -> new EOFException("closed before answering"));
		boolean chunked = false;
		for (String header = HttpLines.read(in, () -> new EOFException("closed in the answer's head")); !header
			.isEmpty(); header = HttpLines.read(in, () -> new EOFException("closed in the answer's head"))) {
			String lower = header.toLowerCase(Locale.ROOT);
			if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
				chunked = true;
			}
		}
		if (!status.startsWith("HTTP/1.1 200") && !status.startsWith("HTTP/1.0 200")) {
			throw new StatusException("answered '" + status + "'");
		}
		return chunked ? new ChunkedBody(in) : in;
	}

	private ConnectionRecord read(InputStream body) throws IOException {
		String event = "message";
		StringBuilder data = new StringBuilder();
		for (String line = next(body); line != null; line = next(body)) {
			if (line.isEmpty()) {
				dispatch(event, data.toString());
				event = "message";
				data.setLength(0);
			}
			else if (line.startsWith("event:")) {
				event = value(line);
			}
			else if (line.startsWith("data:")) {
				data.append((data.length() > 0) ? "\n" : "").append(value(line));
			}
		}
		if (this.endReason == null) {
			return end(ConnectionRecord.ERROR, null, "cut: the stream ended without its end event");
		}
		return end(ConnectionRecord.SERVER, this.endReason, null);
	}

	private static String next(InputStream body) throws IOException {
		return HttpLines.readOrNull(body, () -> new EOFException("cut in the middle of a line"));
	}

	private static String value(String line) {
		String value = line.substring(line.indexOf(':') + 1);
		return value.startsWith(" ") ? value.substring(1) : value;
	}

	private void dispatch(String event, String data) {
		JsonNode json;
		try {
			json = JSON.readTree(data);
		}
		catch (JacksonException ex) {
			this.bad++;
			return;
		}
		this.version = json.path("version").asString(this.version);
		this.port = json.path("port").isInt() ? json.get("port").asInt() : this.port;
		switch (event) {
			case "tick" -> {
				this.received++;
				int seq = json.path("seq").asInt(-1);
				if (seq != this.lastSeq + 1) {
					this.bad++;
				}
				this.lastSeq = seq;
			}
			case "end" -> this.endReason = json.path("reason").asString("");
			default -> {
				// open: the instance named above
			}
		}
	}

	/** Ends the stream from another thread: closing the socket ends the read. */
	void stop() {
		this.stopping = true;
		Socket open = this.socket;
		if (open != null) {
			try {
				open.close();
			}
			catch (IOException ex) {
				// closing anyway
			}
		}
	}

	ConnectionRecord snapshot() {
		return record(null, null, null, null);
	}

	private ConnectionRecord end(String closedBy, String reason, String error) {
		return record(Instant.now(), closedBy, reason, error);
	}

	private ConnectionRecord record(Instant closedAt, String closedBy, String reason, String error) {
		Instant opened = this.openedAt;
		long millis = (opened != null) ? TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - this.openedNanos) : 0;
		return new ConnectionRecord(ConnectionRecord.EVENTS, this.client, this.number, opened, closedAt, millis,
				closedBy, null, reason, error, 0, this.received, 0, this.bad, this.version, this.port);
	}

	/** An answer other than 200. */
	private static final class StatusException extends Exception {

		StatusException(String message) {
			super(message);
		}

	}

}
