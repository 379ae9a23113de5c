package dev.baton.sample.live;

import java.io.IOException;

import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * One open event stream: its ticks, its end, and its end on shutdown. Ticks come from a
 * timer thread and the end on shutdown from the thread that closes the app, so every send
 * holds this stream's lock.
 */
final class EventStream {

	private final SseEmitter emitter;

	private final String version;

	private final int port;

	private final int seconds;

	private final Runnable goAway = () -> end("going away");

	private OpenConnections connections;

	private Runnable stopTicking = () -> {
	};

	private int sent;

	private boolean ended;

	EventStream(SseEmitter emitter, String version, int port, int seconds) {
		this.emitter = emitter;
		this.version = version;
		this.port = port;
		this.seconds = seconds;
	}

	synchronized void start(OpenConnections connections) {
		this.connections = connections;
		// The client went away or the container gave up: stop sending.
		this.emitter.onCompletion(this::forget);
		this.emitter.onTimeout(this::forget);
		this.emitter.onError((ex) -> forget());
		if (!connections.open(this.goAway)) {
			end("going away");
			return;
		}
		send("open", new Tick(this.version, this.port, 0, this.seconds));
		if (!this.ended) {
			this.stopTicking = connections.every(1000, this::tick);
		}
	}

	private synchronized void tick() {
		if (this.ended) {
			return;
		}
		this.sent++;
		send("tick", new Tick(this.version, this.port, this.sent, this.seconds));
		if (this.sent >= this.seconds) {
			end("complete");
		}
	}

	private synchronized void end(String reason) {
		if (this.ended) {
			return;
		}
		send("end", new End(this.version, this.port, reason));
		forget();
		this.emitter.complete();
	}

	private synchronized void forget() {
		this.ended = true;
		this.stopTicking.run();
		this.connections.closed(this.goAway);
	}

	private void send(String name, Object data) {
		try {
			this.emitter.send(SseEmitter.event().name(name).id(Integer.toString(this.sent)).data(data));
		}
		catch (IOException | IllegalStateException ex) {
			// The client is gone (or the stream already ended): nothing more to send.
			forget();
		}
	}

	/**
	 * An {@code open} or {@code tick} event.
	 *
	 * @param version the version of the instance that sends it
	 * @param port the port of the instance that sends it
	 * @param seq 0 for {@code open}, then 1 to {@code of}
	 * @param of how many ticks the stream was asked for
	 */
	record Tick(String version, int port, int seq, int of) {

	}

	/**
	 * The last event of a stream.
	 *
	 * @param version the version of the instance that sends it
	 * @param port the port of the instance that sends it
	 * @param reason {@code complete}, or {@code going away} when the instance shuts down
	 */
	record End(String version, int port, String reason) {

	}

}
