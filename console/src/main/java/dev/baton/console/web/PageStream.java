package dev.baton.console.web;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.baton.console.view.ConsoleView;

import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * One open page's server-sent events, written by a thread of its own: the view hands each
 * change to the page's queue and goes on, so a slow or stalled page holds up no other
 * page and not the Kafka listener. A page that falls a whole queue behind is closed; its
 * browser reconnects by itself and is sent the whole view again, which is worth more than
 * a long backlog of changes it would render one by one.
 */
final class PageStream implements ConsoleView.Subscriber {

	/** Changes a page may fall behind by before it is closed. */
	static final int QUEUE = 10_000;

	private static final AtomicInteger PAGES = new AtomicInteger();

	private record Change(String kind, Object data) {

	}

	private static final Change END = new Change("end", "");

	private final SseEmitter emitter;

	private final BlockingQueue<Change> changes = new ArrayBlockingQueue<>(QUEUE);

	private final AtomicBoolean open = new AtomicBoolean(true);

	private PageStream(SseEmitter emitter) {
		this.emitter = emitter;
	}

	/**
	 * @param emitter the page's response, without a timeout
	 * @return the page's stream, its writer started
	 */
	static PageStream start(SseEmitter emitter) {
		PageStream stream = new PageStream(emitter);
		emitter.onCompletion(stream::close);
		emitter.onError((ex) -> stream.close());
		emitter.onTimeout(stream::close);
		Thread writer = new Thread(stream::write, "console-page-" + PAGES.incrementAndGet());
		writer.setDaemon(true);
		writer.start();
		return stream;
	}

	@Override
	public boolean send(String kind, Object data) {
		if (!this.open.get()) {
			return false;
		}
		if (!this.changes.offer(new Change(kind, data))) {
			// the page is a whole queue behind: its writer ends the response, so that
			// nothing here waits on the page
			close();
			return false;
		}
		return true;
	}

	private void close() {
		if (this.open.getAndSet(false)) {
			this.changes.clear();
			this.changes.offer(END);
		}
	}

	private void write() {
		try {
			for (Change change = this.changes.take(); change != END; change = this.changes.take()) {
				this.emitter
					.send(SseEmitter.event().name(change.kind()).data(change.data(), MediaType.APPLICATION_JSON));
			}
			this.emitter.complete();
		}
		catch (IOException | IllegalStateException ex) {
			// the page is gone: the view drops it at its next change
			close();
			this.emitter.completeWithError(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
