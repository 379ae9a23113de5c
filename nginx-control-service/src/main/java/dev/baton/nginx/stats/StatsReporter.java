package dev.baton.nginx.stats;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;
import dev.baton.nginx.dataplane.UpstreamCounters;
import dev.baton.nginx.sync.NodeEvents;

/**
 * Reads every upstream's peer counters from nginx each interval, on a thread of its own:
 * the metrics always get what happened, and {@code nginx.events} gets a {@link PeerStats}
 * while {@link RolloutActivity} says a deploy or a ramp runs. A reading nginx does not
 * answer is skipped; the next interval then covers both.
 */
public class StatsReporter implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(StatsReporter.class);

	private final NodeId node;

	private final List<ServiceName> services;

	private final PeerControl control;

	private final RolloutActivity activity;

	private final NodeEvents events;

	private final PeerMetrics metrics;

	private final Clock clock;

	private final Duration interval;

	private final Map<ServiceName, IntervalTallies> tallies = new HashMap<>();

	private final ScheduledExecutorService timer = Executors
		.newSingleThreadScheduledExecutor((task) -> new Thread(task, "baton-peer-stats"));

	public StatsReporter(NodeId node, Set<ServiceName> services, PeerControl control, RolloutActivity activity,
			NodeEvents events, PeerMetrics metrics, Clock clock, Duration interval) {
		this.node = node;
		this.services = services.stream().sorted((a, b) -> a.value().compareTo(b.value())).toList();
		this.control = control;
		this.activity = activity;
		this.events = events;
		this.metrics = metrics;
		this.clock = clock;
		this.interval = interval;
	}

	/** Reads now, and again every interval. */
	public void start() {
		this.timer.scheduleAtFixedRate(this::report, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** Reads every upstream once: what the timer runs. */
	void report() {
		for (ServiceName service : this.services) {
			try {
				report(service);
			}
			catch (RuntimeException ex) {
				if (this.timer.isShutdown()) {
					// closing interrupted a send: the service stops, nothing went wrong
					logger.debug("Stopped while reporting the peer statistics of {}", service, ex);
					return;
				}
				logger.error("Cannot report the peer statistics of {}; trying again in {}", service, this.interval, ex);
			}
		}
	}

	private void report(ServiceName service) {
		UpstreamCounters counters;
		try {
			counters = this.control.counters(service);
		}
		catch (NginxUnreachableException | ControlRefusedException ex) {
			logger.debug("Cannot read the peer statistics of {}: {}", service, ex.getMessage());
			return;
		}
		Instant now = this.clock.instant();
		Optional<Interval> counted = this.tallies.computeIfAbsent(service, (key) -> new IntervalTallies())
			.next(counters, now);
		this.metrics.counted(service, counters.peers().keySet(), counted.map(Interval::tallies).orElse(List.of()));
		if (counted.isPresent() && this.activity.running(service, now)) {
			Interval done = counted.get();
			this.events.publish(new PeerStats(this.node, service, done.from(), done.to(), done.tallies()));
		}
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
	}

}
