package dev.baton.sample.live;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The long-lived connections open on this instance, and how they end when it shuts down.
 * <p>
 * A drain that runs out with connections still open may end in SIGTERM (the deployer's
 * {@code proceed} policy): then closing them is the app's duty, as answering 503 is.
 * Tomcat's graceful shutdown would wait for an event stream or a long poll until its own
 * timeout and then cut it, and would leave a WebSocket to die with the process; so this
 * stops first (the highest phase), before the web server stops taking requests, and ends
 * each connection the way its protocol says "go elsewhere": a WebSocket close 1001, an
 * event stream's last event and its clean end, a long poll's early answer.
 */
@Component
class OpenConnections implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(OpenConnections.class);

	private final Set<Runnable> goingAway = ConcurrentHashMap.newKeySet();

	private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, (task) -> {
		Thread thread = new Thread(task, "sample-live-timer");
		thread.setDaemon(true);
		return thread;
	});

	private volatile boolean running;

	/**
	 * Keeps a connection until it ends on its own.
	 * @param goAway ends the connection because the app shuts down; called at most once
	 * @return whether the connection may stay open; {@code false} once shutdown began,
	 * when the caller must end it at once
	 */
	boolean open(Runnable goAway) {
		this.goingAway.add(goAway);
		if (!this.running && this.goingAway.remove(goAway)) {
			return false;
		}
		return true;
	}

	/**
	 * Forgets a connection that ended on its own.
	 * @param goAway what {@link #open} was given
	 */
	void closed(Runnable goAway) {
		this.goingAway.remove(goAway);
	}

	/**
	 * @return the connections open now
	 */
	int count() {
		return this.goingAway.size();
	}

	/**
	 * Runs a task every period, the first time one period from now.
	 * @param periodMillis the period
	 * @param task the task
	 * @return what cancels it
	 */
	Runnable every(long periodMillis, Runnable task) {
		return cancelling(
				() -> this.timers.scheduleAtFixedRate(task, periodMillis, periodMillis, TimeUnit.MILLISECONDS));
	}

	/**
	 * Runs a task once, later.
	 * @param delayMillis how much later
	 * @param task the task
	 * @return what cancels it
	 */
	Runnable after(long delayMillis, Runnable task) {
		return cancelling(() -> this.timers.schedule(task, delayMillis, TimeUnit.MILLISECONDS));
	}

	private static Runnable cancelling(Supplier<ScheduledFuture<?>> schedule) {
		try {
			ScheduledFuture<?> future = schedule.get();
			return () -> future.cancel(false);
		}
		catch (RejectedExecutionException ex) {
			// Shutdown began after the connection opened: it is being closed now, and
			// needs no timer.
			return () -> {
			};
		}
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		int count = 0;
		for (Runnable goAway : this.goingAway) {
			if (this.goingAway.remove(goAway)) {
				count++;
				goAway.run();
			}
		}
		logger.info("Shutting down: closed {} long-lived connection(s) (WebSockets 1001, event streams ended, "
				+ "long polls answered)", count);
		this.timers.shutdownNow();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		// Before the web server's graceful shutdown, which would otherwise wait on them.
		return SmartLifecycle.DEFAULT_PHASE;
	}

}
