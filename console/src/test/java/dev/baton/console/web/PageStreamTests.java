package dev.baton.console.web;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A page whose connection stalls: the view's sends do not wait on it.
 */
class PageStreamTests {

	@Test
	void aStalledPageHoldsUpNoSenderAndIsClosedAQueueBehind() throws Exception {
		StalledEmitter emitter = new StalledEmitter();
		PageStream page = PageStream.start(emitter);

		assertThat(page.send("view", "whole")).isTrue();
		assertThat(emitter.writing.await(10, TimeUnit.SECONDS)).isTrue();
		for (int i = 0; i < PageStream.QUEUE; i++) {
			assertThat(page.send("instance", i)).isTrue();
		}
		// the writer still waits on the page's first event, and the queue is full
		assertThat(page.send("instance", "one too many")).isFalse();
		assertThat(page.send("instance", "after")).isFalse();

		emitter.stalled.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> emitter.completed);
		assertThat(emitter.sent).isEqualTo(1);
	}

	/** An emitter whose first write blocks until the test lets it go. */
	private static final class StalledEmitter extends SseEmitter {

		final CountDownLatch writing = new CountDownLatch(1);

		final CountDownLatch stalled = new CountDownLatch(1);

		volatile int sent;

		volatile boolean completed;

		StalledEmitter() {
			super(0L);
		}

		@Override
		public void send(SseEventBuilder event) throws IOException {
			this.writing.countDown();
			try {
				this.stalled.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.sent++;
		}

		@Override
		public void complete() {
			this.completed = true;
		}

	}

}
