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

import dev.baton.clock.Ticker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.logging.LogContext;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.InFlight;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;
import dev.baton.nginx.dataplane.Release;
import dev.baton.nginx.sync.NodeMetrics.DrainOutcome;

/**
 * Answers closing commands on in-flight counts, not on time: reads nginx's counters of
 * the peers being drained, with one request per upstream, and reports {@link PeerDrained}
 * as soon as a peer's count is 0 and nginx no longer has it on standby (the read itself
 * releases a standby that no request needs), or {@link PeerDrainTimedOut} with the count
 * left when the command's own drain timeout runs out on this node's monotonic clock (the
 * node has no timeout of its own: the writer of the command decides). While a count is
 * above 0 the same polls feed {@link InFlightReports}, so operators watch a drain live;
 * nothing is reported after the answer, which is published on the same thread.
 */
public class DrainTracker implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(DrainTracker.class);

	/**
	 * How long nginx may hold a read while one upstream drains. It checks every
	 * millisecond meanwhile, so the drain is seen at once; the bound is what a drain
	 * started during the read waits for its first look.
	 */
	static final Duration HELD_READ = Duration.ofMillis(15);

	private final NodeId node;

	private final PeerControl control;

	private final NodeEvents events;

	private final NodeMetrics metrics;

	private final Clock clock;

	private final Ticker ticker;

	private final Duration pollInterval;

	private final List<Drain> drains = new ArrayList<>();

	private final Map<Drain, Long> lastCounts = new HashMap<>();

	private final InFlightReports reports;

	private final ScheduledExecutorService poller = Executors
		.newSingleThreadScheduledExecutor((task) -> new Thread(task, "baton-drain-poller"));

	/**
	 * @param clock stamps the answers
	 * @param ticker times the drains
	 */
	public DrainTracker(NodeId node, PeerControl control, NodeEvents events, NodeMetrics metrics, Clock clock,
			Ticker ticker, Duration pollInterval) {
		this.node = node;
		this.control = control;
		this.events = events;
		this.metrics = metrics;
		this.reports = new InFlightReports(node, events);
		this.clock = clock;
		this.ticker = ticker;
		this.pollInterval = pollInterval;
	}

	public void start() {
		this.poller.scheduleWithFixedDelay(this::pollSafely, 0, this.pollInterval.toNanos(), TimeUnit.NANOSECONDS);
	}

	/**
	 * Starts timing the drain of a peer nginx no longer chooses.
	 * @param commandId the closing command to answer
	 * @param appliedAt when nginx stopped choosing the peer, for the record
	 * @param timeout the command's drain timeout
	 */
	void track(CommandId commandId, ServiceName service, Endpoint endpoint, Instant appliedAt, Duration timeout) {
		track(new Drain(commandId, service, endpoint, appliedAt, this.ticker.nanos(), timeout));
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
		// One upstream draining, the usual case: nginx holds the read until a
		// peer is idle. Several: one plain read each, so no upstream waits behind
		// another's held read.
		Duration wait = (byService.size() == 1) ? heldRead(current) : Duration.ZERO;
		byService.forEach((service, drains) -> poll(service, drains, wait));
	}

	private Duration heldRead(List<Drain> drains) {
		long now = this.ticker.nanos();
		Duration wait = HELD_READ;
		for (Drain drain : drains) {
			Duration left = drain.left(now);
			wait = (left.compareTo(wait) < 0) ? left : wait;
		}
		return wait.isNegative() ? Duration.ZERO : wait;
	}

	private void poll(ServiceName service, List<Drain> drains, Duration wait) {
		Map<Endpoint, InFlight> reads = read(service, drains.stream().map(Drain::endpoint).distinct().toList(), wait,
				Release.IDLE);
		Instant now = this.clock.instant();
		long nowNanos = this.ticker.nanos();
		for (Drain drain : drains) {
			InFlight read = reads.get(drain.endpoint());
			Long count = (read != null) ? read.requests() : null;
			long waited = drain.waited(nowNanos).toMillis();
			if (read != null && read.drained()) {
				finish(drain, new PeerDrained(this.node, drain.commandId(), service, drain.endpoint().host(),
						drain.endpoint().port(), waited, now), DrainOutcome.DRAINED, waited);
			}
			else if (drain.left(nowNanos).compareTo(Duration.ZERO) <= 0) {
				// Whatever the writer decides next (restart or reopen), no new
				// request may reach the peer meanwhile: a standby is taken down.
				InFlight last = read(service, List.of(drain.endpoint()), Duration.ZERO, Release.ALL)
					.getOrDefault(drain.endpoint(), read);
				long left = (last != null) ? last.requests() : this.lastCounts.getOrDefault(drain, -1L);
				finish(drain, new PeerDrainTimedOut(this.node, drain.commandId(), service, drain.endpoint().host(),
						drain.endpoint().port(), left, waited, now), DrainOutcome.TIMED_OUT, waited);
			}
			else if (count != null) {
				this.lastCounts.put(drain, count);
				this.metrics.inFlight(service, drain.endpoint(), count);
				this.reports.counted(drain, count, now, nowNanos);
			}
		}
	}

	private Map<Endpoint, InFlight> read(ServiceName service, List<Endpoint> peers, Duration wait, Release release) {
		try {
			return this.control.inFlight(service, peers, wait, release);
		}
		catch (NginxUnreachableException | ControlRefusedException ex) {
			logger.debug("Cannot read in-flight counts of {}: {}", service, ex.getMessage());
			return Map.of();
		}
	}

	private void finish(Drain drain, NginxEvent answer, DrainOutcome outcome, long waitedMillis) {
		synchronized (this.drains) {
			this.drains.remove(drain);
		}
		this.lastCounts.remove(drain);
		this.reports.ended(drain);
		try (LogContext context = CommandLogContext.open(drain.commandId(), drain.service(), drain.endpoint())) {
			this.events.publish(answer);
			this.metrics.drainEnded(drain.service(), drain.endpoint(), outcome, Duration.ofMillis(waitedMillis));
			if (answer instanceof PeerDrainTimedOut timedOut) {
				logger.warn("Drain timed out after {} ms with {} requests in flight", waitedMillis,
						timedOut.inFlight());
			}
			else {
				logger.info("Drained: no request left in flight after {} ms", waitedMillis);
			}
		}
	}

	@Override
	public void close() {
		this.poller.shutdownNow();
	}

}
