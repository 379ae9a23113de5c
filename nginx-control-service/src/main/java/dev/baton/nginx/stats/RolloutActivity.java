package dev.baton.nginx.stats;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.DesiredPeers;
import dev.baton.nginx.sync.GateChanges;

/**
 * Whether a deploy or a ramp runs for a service, which is when its {@code PeerStats} are
 * worth publishing: while a gate of the service changed within its slow start plus
 * {@code publish-for} (every step of a deploy changes a gate, a peer ramps for the slow
 * start after its gates open, and the figures then go on a while for the settled state),
 * or while a peer that is up has less than a full weight (a canary, however long it
 * runs). An idle service publishes nothing. Gate changes are timed on this node's clock.
 */
public class RolloutActivity implements GateChanges {

	private final Map<ServiceName, Duration> slowStarts;

	private final Duration publishFor;

	private final DesiredPeers desired;

	private final Clock clock;

	private final Map<ServiceName, Instant> lastChange = new ConcurrentHashMap<>();

	public RolloutActivity(Map<ServiceName, Duration> slowStarts, Duration publishFor, DesiredPeers desired,
			Clock clock) {
		this.slowStarts = Map.copyOf(slowStarts);
		this.publishFor = publishFor;
		this.desired = desired;
		this.clock = clock;
	}

	@Override
	public void changed(ServiceName service) {
		this.lastChange.put(service, this.clock.instant());
	}

	/**
	 * Whether a deploy or a ramp runs.
	 * @param service the upstream
	 * @param now the time of the question
	 * @return whether its statistics are published now
	 */
	public boolean running(ServiceName service, Instant now) {
		Instant last = this.lastChange.get(service);
		if (last != null && now
			.isBefore(last.plus(this.slowStarts.getOrDefault(service, Duration.ZERO)).plus(this.publishFor))) {
			return true;
		}
		return this.desired.peerSet(service).weighted();
	}

}
