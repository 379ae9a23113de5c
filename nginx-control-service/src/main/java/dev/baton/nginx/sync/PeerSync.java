package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.logging.LogContext;
import dev.baton.nginx.dataplane.ControlRefusedException;
import dev.baton.nginx.dataplane.NginxUnreachableException;
import dev.baton.nginx.dataplane.PeerControl;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.peers.PeerSet;
import dev.baton.nginx.sync.NodeMetrics.CommandOutcome;

/**
 * Pushes desired peer sets to nginx on one thread: commands mark their upstream dirty and
 * wake it, so a burst of commands costs one push per upstream (none when nginx already
 * holds the set), and every command is answered only once its set is in nginx. The same
 * thread reconciles: a new epoch (nginx restarted) or a set that differs from the desired
 * one is pushed again.
 */
public class PeerSync implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(PeerSync.class);

	private static final long UNREACHABLE_RETRY_NANOS = Duration.ofMillis(50).toNanos();

	private final NodeId node;

	private final Set<ServiceName> served;

	private final DesiredPeers desired;

	private final PeerControl control;

	private final NodeEvents events;

	private final DrainTracker drains;

	private final NodeMetrics metrics;

	private final Clock clock;

	private final SyncSchedule schedule;

	private final DriftCheck drift;

	private final Map<ServiceName, List<PendingAnswer>> pending = new LinkedHashMap<>();

	private final Set<ServiceName> dirty = new LinkedHashSet<>();

	/**
	 * The set last pushed to nginx per upstream, forgotten when nginx may no longer hold
	 * it (a failed push, a new epoch, drift). Touched on the sync thread only.
	 */
	private final Map<ServiceName, PeerSet> pushed = new HashMap<>();

	private final Thread thread = new Thread(this::run, "baton-peer-sync");

	private volatile boolean running;

	/** False from a failed call until nginx answers an epoch check again. */
	private volatile boolean reachable = true;

	public PeerSync(NodeId node, Set<ServiceName> served, DesiredPeers desired, PeerControl control, NodeEvents events,
			DrainTracker drains, NodeMetrics metrics, Clock clock, SyncSchedule schedule) {
		this.node = node;
		this.served = Set.copyOf(served);
		this.desired = desired;
		this.control = control;
		this.events = events;
		this.drains = drains;
		this.metrics = metrics;
		this.clock = clock;
		this.schedule = schedule;
		this.drift = new DriftCheck(control);
	}

	/** Starts pushing: call once the desired state has been rebuilt. */
	public void start() {
		this.running = true;
		this.thread.start();
	}

	/**
	 * The epoch of the nginx this node drives.
	 * @return the epoch, empty until nginx first answered
	 */
	public String epoch() {
		return this.drift.epoch();
	}

	void submit(ServiceName service, PendingAnswer answer) {
		submit(service, () -> {
		}, answer);
	}

	/**
	 * Changes the desired peers of an upstream and queues their push in one step, as far
	 * as reconciling can tell: it never sees the change without the push queued, which it
	 * would take for drift.
	 * @param service the upstream
	 * @param change what changes its desired peers
	 * @param answer the answer the push owes, or null
	 */
	void submit(ServiceName service, Runnable change, PendingAnswer answer) {
		synchronized (this.dirty) {
			change.run();
			this.dirty.add(service);
			if (answer != null) {
				this.pending.computeIfAbsent(service, (key) -> new ArrayList<>()).add(answer);
			}
			this.dirty.notifyAll();
		}
	}

	private void run() {
		while (this.running) {
			try {
				Map<ServiceName, List<PendingAnswer>> work = awaitWork();
				work.forEach(this::push);
				if (this.schedule.epochCheckDue(System.nanoTime())) {
					checkEpoch();
				}
				if (this.schedule.reconcileDue(System.nanoTime())) {
					reconcile();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			catch (RuntimeException ex) {
				logger.error("Peer sync failed; trying again", ex);
			}
		}
	}

	private Map<ServiceName, List<PendingAnswer>> awaitWork() throws InterruptedException {
		synchronized (this.dirty) {
			long waitNanos = this.schedule.nanosUntilNextCheck(System.nanoTime());
			while (this.running && (this.dirty.isEmpty() || !this.reachable) && waitNanos > 0) {
				this.dirty.wait(Math.max(1, waitNanos / 1_000_000));
				waitNanos = this.schedule.nanosUntilNextCheck(System.nanoTime());
			}
			if (!this.reachable) {
				return Map.of();
			}
			Map<ServiceName, List<PendingAnswer>> work = new LinkedHashMap<>();
			for (ServiceName service : this.dirty) {
				work.put(service, this.pending.getOrDefault(service, List.of()));
			}
			this.dirty.clear();
			this.pending.clear();
			return work;
		}
	}

	private void push(ServiceName service, List<PendingAnswer> answers) {
		PeerSet peers = this.desired.peerSet(service);
		if (!inNginx(service, peers, answers)) {
			return;
		}
		Instant applied = this.clock.instant();
		for (PendingAnswer answer : answers) {
			boolean up = peers.stateOf(answer.endpoint()).orElse(false);
			try (LogContext context = CommandLogContext.open(answer.commandId(), service, answer.endpoint())) {
				this.events.publish(new PeerApplied(this.node, answer.commandId(), service, answer.endpoint().host(),
						answer.endpoint().port(), up, applied, peers.slowStart().toMillis()));
				this.metrics.commandAnswered(service, CommandOutcome.APPLIED, answer.writtenAt(), applied);
				if (answer.live()) {
					logger.info("Applied command: the peer is {} in nginx", up ? "up" : "out of rotation");
				}
			}
			if (answer.closing() && !up) {
				this.drains.track(answer.commandId(), service, answer.endpoint(), applied, answer.drain().timeout());
			}
		}
	}

	/**
	 * Brings nginx to a peer set. A set nginx already holds is not pushed again: a
	 * command that changes a gate but not what nginx does with the peer (the HEALTH gate
	 * reopening while the DEPLOY gate is still closed) is answered at once, and the
	 * command that follows it does not wait behind a push.
	 * @param service the upstream
	 * @param peers its desired set
	 * @param answers the answers the push owes
	 * @return whether nginx holds the set; if not, the answers were requeued or rejected
	 */
	private boolean inNginx(ServiceName service, PeerSet peers, List<PendingAnswer> answers) {
		if (peers.equals(this.pushed.get(service))) {
			return true;
		}
		this.pushed.remove(service);
		try {
			this.control.replace(peers);
		}
		catch (NginxUnreachableException ex) {
			logger.warn("Cannot push peers of {} yet: {}", service, ex.getMessage());
			requeue(service, answers);
			this.reachable = false;
			this.schedule.retryEpochCheckWithin(System.nanoTime(), UNREACHABLE_RETRY_NANOS);
			return false;
		}
		catch (ControlRefusedException ex) {
			logger.error("nginx refused the peers of {}: {}", service, ex.getMessage());
			Instant refused = this.clock.instant();
			answers.forEach((answer) -> reject(answer, ex.getMessage(), refused));
			return false;
		}
		this.pushed.put(service, peers);
		return true;
	}

	private void reject(PendingAnswer answer, String reason, Instant refused) {
		try (LogContext context = CommandLogContext.open(answer.commandId(), answer.service(), answer.endpoint())) {
			this.events.publish(new CommandRejected(this.node, answer.commandId(), answer.service(), reason, refused));
			this.metrics.commandAnswered(answer.service(), CommandOutcome.REJECTED, answer.writtenAt(), refused);
		}
	}

	private void requeue(ServiceName service, List<PendingAnswer> answers) {
		synchronized (this.dirty) {
			List<PendingAnswer> queued = this.pending.computeIfAbsent(service, (key) -> new ArrayList<>());
			queued.addAll(0, answers);
			this.dirty.add(service);
		}
	}

	private void checkEpoch() {
		try {
			boolean restarted = this.drift.newEpoch();
			this.reachable = true;
			if (restarted) {
				this.pushed.clear();
				this.served.forEach((service) -> submit(service, null));
			}
		}
		catch (NginxUnreachableException ex) {
			logger.debug("nginx does not answer: {}", ex.getMessage());
			this.reachable = false;
			this.schedule.retryEpochCheckWithin(System.nanoTime(), UNREACHABLE_RETRY_NANOS);
		}
	}

	/**
	 * Pushes again an upstream whose peer set in nginx differs from the desired one. An
	 * upstream with a push queued is not drift: a command changed its desired set, and
	 * the push that follows brings nginx there.
	 */
	private void reconcile() {
		for (ServiceName service : this.served) {
			this.drift.actual(service).ifPresent((actual) -> pushIfDrifted(service, actual));
		}
	}

	private void pushIfDrifted(ServiceName service, PeerSet actual) {
		synchronized (this.dirty) {
			if (this.dirty.contains(service) || this.desired.peerSet(service).heldBy(actual)) {
				return;
			}
			logger.warn("Peers of {} drifted in nginx: pushing them again", service);
			this.pushed.remove(service);
			submit(service, null);
		}
	}

	@Override
	public void close() {
		this.running = false;
		this.thread.interrupt();
	}

}
