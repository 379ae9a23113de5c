package dev.baton.client;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;

/**
 * Registers the instance once the app is ready and deregisters it when the app shuts
 * down.
 * <p>
 * Registration runs on a background thread, which connects to Kafka as soon as the
 * registrar exists, while the app still starts: when Kafka is unreachable the app still
 * starts, logs a warning and retries with a growing pause (1 s up to 30 s).
 * Deregistration runs in the first lifecycle phase to stop ({@link Integer#MAX_VALUE}),
 * so it is sent while the web server still serves, before graceful shutdown stops taking
 * requests. Both run on one thread, so a leave is never published before the join it
 * answers. When the instance is not to deregister on shutdown (a supervisor restarts it
 * in place), the producer is closed as soon as the registration is acknowledged: the app
 * then holds no Kafka connection, and its shutdown has no producer to close.
 */
public class InstanceRegistrar implements ApplicationListener<ApplicationReadyEvent>, SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(InstanceRegistrar.class);

	private static final long MAX_RETRY_SECONDS = 30;

	private final Supplier<RegistrationPublisher> publishers;

	private final Supplier<InstanceIdentity> identities;

	private final boolean deregisterOnShutdown;

	private final Duration sendTimeout;

	private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor((task) -> {
		Thread thread = new Thread(task, "baton-client");
		thread.setDaemon(true);
		return thread;
	});

	private volatile boolean running;

	private volatile InstanceIdentity identity;

	/** Created on the worker thread; closed there, or by {@link #stop()} if it hangs. */
	private volatile RegistrationPublisher publisher;

	/** Touched only on the worker thread. */
	private ScheduledFuture<?> retry;

	/** Touched only on the worker thread. */
	private boolean registrationSent;

	InstanceRegistrar(Supplier<RegistrationPublisher> publishers, Supplier<InstanceIdentity> identities,
			boolean deregisterOnShutdown, Duration sendTimeout) {
		this.publishers = publishers;
		this.identities = identities;
		this.deregisterOnShutdown = deregisterOnShutdown;
		this.sendTimeout = sendTimeout;
		// While the rest of the app starts: at readiness the instance is registered in
		// one
		// request, not after the producer's start, its authentication and a metadata
		// fetch.
		this.worker.execute(this::connect);
	}

	private void connect() {
		try {
			publisher().connect();
		}
		catch (RuntimeException ex) {
			logger.debug("Baton client could not connect ahead of the registration: {}", ex.getMessage());
		}
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		InstanceIdentity resolved = this.identities.get();
		this.identity = resolved;
		this.worker.execute(() -> register(resolved, 1));
	}

	private void register(InstanceIdentity resolved, int attempt) {
		this.registrationSent = true;
		try {
			publisher().publish(resolved.registered());
			logger.info("Registered {} ({}) at {} running {} on {}", resolved.instanceId(), resolved.service(),
					resolved.endpoint(), resolved.version(), this.publisher.topic());
			if (!this.deregisterOnShutdown) {
				this.publisher.close();
				this.publisher = null;
			}
		}
		catch (RuntimeException ex) {
			long pause = Math.min(MAX_RETRY_SECONDS, 1L << Math.min(attempt - 1, 5));
			logger.warn(
					"Could not register {} with Baton (attempt {}): {}; the app keeps running "
							+ "and retries in {} s; until then Baton sends it no traffic",
					resolved.instanceId(), attempt, ex.getMessage(), pause);
			this.retry = this.worker.schedule(() -> register(resolved, attempt + 1), pause, TimeUnit.SECONDS);
		}
	}

	private void deregister(InstanceIdentity resolved) {
		if (this.retry != null) {
			this.retry.cancel(false);
		}
		if (!this.deregisterOnShutdown || !this.registrationSent) {
			return;
		}
		try {
			publisher().publish(resolved.deregistered("shutdown"));
			logger.info("Deregistered {} ({}) at {}", resolved.instanceId(), resolved.service(), resolved.endpoint());
		}
		catch (RuntimeException ex) {
			logger.warn("Could not deregister {} from Baton: {}", resolved.instanceId(), ex.getMessage());
		}
	}

	private RegistrationPublisher publisher() {
		if (this.publisher == null) {
			this.publisher = this.publishers.get();
		}
		return this.publisher;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		InstanceIdentity resolved = this.identity;
		Future<?> done = this.worker.submit(() -> {
			if (resolved != null) {
				deregister(resolved);
			}
			if (this.publisher != null) {
				this.publisher.close();
			}
		});
		try {
			// A registration attempt (and the producer's creation) may still be in flight
			// ahead of the deregistration.
			done.get(2 * this.sendTimeout.toMillis() + 5000, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			logger.warn("Baton client did not finish deregistering: {}", ex.toString());
		}
		finally {
			this.worker.shutdownNow();
			RegistrationPublisher created = this.publisher;
			if (created != null) {
				created.close();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Stops first, while the web server still takes requests: graceful shutdown runs in a
	 * later phase.
	 * @return {@link Integer#MAX_VALUE}
	 */
	@Override
	public int getPhase() {
		return Integer.MAX_VALUE;
	}

}
