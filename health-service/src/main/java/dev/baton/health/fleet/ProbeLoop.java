package dev.baton.health.fleet;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.probe.HttpProber;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeSettings;
import dev.baton.health.probe.ProbeTarget;
import dev.baton.health.verdict.InstanceHealth;
import dev.baton.health.verdict.StepLogContext;
import dev.baton.health.verdict.VerdictSink;
import dev.baton.logging.LogContext;

/**
 * Runs every probe of this replica from one scheduler thread: a probe is started on time
 * and its outcome handled when the asynchronous HTTP client completes it, so the number
 * of threads does not grow with the number of instances. Verdicts leave through a thread
 * of their own, in the order they were reached.
 */
public final class ProbeLoop implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ProbeLoop.class);

	private final ScheduledThreadPoolExecutor scheduler;

	private final ExecutorService publisher;

	private final HttpProber prober;

	private final VerdictSink sink;

	private final Duration restateInterval;

	private final List<ProbeObserver> observers;

	public ProbeLoop(HttpProber prober, VerdictSink sink, Duration restateInterval, List<ProbeObserver> observers) {
		this.prober = prober;
		this.sink = sink;
		this.restateInterval = restateInterval;
		this.observers = List.copyOf(observers);
		this.scheduler = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "baton-probe-scheduler");
			thread.setDaemon(true);
			return thread;
		});
		this.scheduler.setRemoveOnCancelPolicy(true);
		this.publisher = Executors.newSingleThreadExecutor((task) -> {
			Thread thread = new Thread(task, "baton-verdict-publisher");
			thread.setDaemon(true);
			return thread;
		});
	}

	/**
	 * Starts probing a target at once, so an instance taken over from another replica
	 * goes no longer unprobed than the rebalance took. The second probe follows after a
	 * random half to one and a half intervals, so instances that arrived together are not
	 * probed together from then on.
	 * @param target what to probe
	 * @param settings how
	 * @return the handle that stops it or switches it to fast probing
	 */
	MonitoredInstance monitor(ProbeTarget target, ProbeSettings settings) {
		MonitoredInstance instance = new MonitoredInstance(target, settings,
				new InstanceHealth(target, settings, this.restateInterval), this);
		instance.start(0);
		return instance;
	}

	/**
	 * The delay between the first and the second probe of an instance.
	 * @param settings the instance's settings
	 * @return half an interval plus a random part of one
	 */
	static long spreadNanos(ProbeSettings settings) {
		long interval = settings.interval().toNanos();
		return interval / 2 + ThreadLocalRandom.current().nextLong(interval);
	}

	ScheduledFuture<?> schedule(Runnable probe, long delayNanos) {
		return this.scheduler.schedule(probe, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
	}

	HttpProber prober() {
		return this.prober;
	}

	void completed(ProbeTarget target, long latenessNanos, ProbeOutcome outcome, VerdictIssued verdict) {
		for (ProbeObserver observer : this.observers) {
			observer.probed(target, latenessNanos, outcome);
		}
		if (verdict != null) {
			if (verdict.answersStep() != null) {
				logger.info("{} answers restart step {}: {} on version {}{}", target.instanceId(),
						verdict.answersStep(), verdict.status(), verdict.version(),
						verdict.reason().isEmpty() ? "" : " (" + verdict.reason() + ")");
			}
			else {
				logger.debug("{} is {} (version {}, {})", target.instanceId(), verdict.status(), verdict.version(),
						verdict.reason());
			}
			// off the probe threads: a sink that blocks (a broker away) must
			// not stall probing
			this.publisher.execute(() -> {
				try (LogContext context = StepLogContext.answering(verdict.instanceId(), verdict.answersStep())) {
					this.sink.publish(verdict);
				}
			});
		}
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
		this.publisher.shutdown();
	}

}
