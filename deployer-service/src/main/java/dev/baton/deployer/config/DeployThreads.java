package dev.baton.deployer.config;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.context.SmartLifecycle;

/**
 * The threads deploys run on, one per running deploy. Stopping the application interrupts
 * them while the Kafka clients are still open: a deploy stops between two published steps
 * and the next deployer carries on from there.
 */
final class DeployThreads implements Executor, SmartLifecycle {

	private final AtomicInteger count = new AtomicInteger();

	private final ExecutorService threads = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "deploy-" + this.count.incrementAndGet());
		thread.setDaemon(true);
		return thread;
	});

	private volatile boolean running;

	@Override
	public void execute(Runnable command) {
		this.threads.execute(command);
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.threads.shutdownNow();
		try {
			this.threads.awaitTermination(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		// stop before the listener containers (and long before the producer goes away)
		return Integer.MAX_VALUE;
	}

}
