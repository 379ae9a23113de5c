package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;

/**
 * Answers closing commands on in-flight counts, not on time: polls nginx's counters of
 * the peers being drained every few milliseconds, with one request per upstream, and
 * reports {@link PeerDrained} as soon as a peer's count is 0, or
 * {@link PeerDrainTimedOut} with the count left when the timeout runs out.
 */
public class DrainTracker implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(DrainTracker.class);

	private final NodeId node;

	private final PeerControl control;

	private final NodeEvents events;

	private final Clock clock;

	private final Duration timeout;

	private final Duration pollInterval;

	private final List<Drain> drains = new ArrayList<>();

	private final Map<Drain, Long> lastCounts = new HashMap<>();

	private final ScheduledExecutorService poller = Executors
		.newSingleThreadScheduledExecutor((task) -> new Thread(task, "baton-drain-poller"));

	public DrainTracker(NodeId node, PeerControl control, NodeEvents events, Clock clock, Duration timeout,
			Duration pollInterval) {
		this.node = node;
		this.control = control;
		this.events = events;
		this.clock = clock;
		this.timeout = timeout;
		this.pollInterval = pollInterval;
	}

	public void start() {
		this.poller.scheduleWithFixedDelay(this::pollSafely, 0, this.pollInterval.toNanos(), TimeUnit.NANOSECONDS);
	}

	void track(Drain drain) {
		synchronized (this.drains) {
			this.drains.add(drain);
		}
	}

	int pending() {
		synchronized (this.drains) {
			return this.drains.size();
		}
	}

	/**
	 * A failure must not end the schedule: it is logged and the next poll tries again.
	 */
	private void pollSafely() {
		try {
			pollOnce();
		}
		catch (RuntimeException ex) {
			logger.error("Drain poll failed", ex);
		}
	}

	void pollOnce() {
		List<Drain> current;
		synchronized (this.drains) {
			current = List.copyOf(this.drains);
		}
		if (current.isEmpty()) {
			return;
		}
		Map<ServiceName, List<Drain>> byService = current.stream().collect(Collectors.groupingBy(Drain::service));
		byService.forEach(this::poll);
	}

	private void poll(ServiceName service, List<Drain> drains) {
		Map<Endpoint, Long> counts = Map.of();
		try {
			counts = this.control.inFlight(service, drains.stream().map(Drain::endpoint).distinct().toList());
		}
		catch (NginxUnreachableException | ControlRefusedException ex) {
			logger.debug("Cannot read in-flight counts of {}: {}", service, ex.getMessage());
		}
		Instant now = this.clock.instant();
		for (Drain drain : drains) {
			Long count = counts.get(drain.endpoint());
			long waited = Duration.between(drain.appliedAt(), now).toMillis();
			if (count != null && count == 0) {
				finish(drain, new PeerDrained(this.node, drain.commandId(), service, drain.endpoint().host(),
						drain.endpoint().port(), waited, now));
			}
			else if (waited >= this.timeout.toMillis()) {
				long left = (count != null) ? count : this.lastCounts.getOrDefault(drain, -1L);
				finish(drain, new PeerDrainTimedOut(this.node, drain.commandId(), service, drain.endpoint().host(),
						drain.endpoint().port(), left, waited, now));
			}
			else if (count != null) {
				this.lastCounts.put(drain, count);
			}
		}
	}

	private void finish(Drain drain, NginxEvent answer) {
		synchronized (this.drains) {
			this.drains.remove(drain);
		}
		this.lastCounts.remove(drain);
		this.events.publish(answer);
	}

	@Override
	public void close() {
		this.poller.shutdownNow();
	}

}
