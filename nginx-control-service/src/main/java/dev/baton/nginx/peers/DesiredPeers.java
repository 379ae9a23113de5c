package dev.baton.nginx.peers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * What every upstream should hold, rebuilt from the compacted {@code nginx.commands}: the
 * latest state of each gate of each peer. A peer is up only when every gate is open (an
 * absent gate counts as {@link Gate#openWhenAbsent()} says); a peer with no gate record
 * at all leaves the upstream. A peer whose DEPLOY gate alone is closed by a command that
 * asks for it (drained for a restart while others must keep serving) stands by: nginx
 * turns to it when no up peer is left, until its drain is released. A peer's weight is
 * its open DEPLOY gate's (a canary's share against a full peer's), full otherwise. Each
 * set carries its route's slow start.
 */
public class DesiredPeers {

	private final Map<ServiceName, Map<Endpoint, Map<Gate, DesiredGate>>> gates = new HashMap<>();

	private final Map<ServiceName, Duration> slowStarts;

	/** Desired peers of upstreams without slow start. */
	public DesiredPeers() {
		this(Map.of());
	}

	/**
	 * Desired peers of upstreams with their routes' slow starts.
	 * @param slowStarts the slow start per upstream; one left out has none
	 */
	public DesiredPeers(Map<ServiceName, Duration> slowStarts) {
		this.slowStarts = Map.copyOf(slowStarts);
	}

	/**
	 * Records a gate's desired state at full weight.
	 * @param key the gate
	 * @param open whether it is open
	 */
	public void set(GateKey key, boolean open) {
		set(key, open, SetPeerGate.FULL_WEIGHT);
	}

	/**
	 * Records a gate's desired state.
	 * @param key the gate
	 * @param open whether it is open
	 * @param weight the weight it carries, 1-100 (only a DEPLOY gate's counts)
	 */
	public void set(GateKey key, boolean open, int weight) {
		set(key, open, weight, false);
	}

	/**
	 * Records a gate's desired state.
	 * @param key the gate
	 * @param open whether it is open
	 * @param weight the weight it carries, 1-100 (only a DEPLOY gate's counts)
	 * @param standby for a closed DEPLOY gate, whether the peer stands by while it is the
	 * only gate closed
	 */
	public synchronized void set(GateKey key, boolean open, int weight, boolean standby) {
		this.gates.computeIfAbsent(key.service(), (service) -> new HashMap<>())
			.computeIfAbsent(key.endpoint(), (endpoint) -> new EnumMap<>(Gate.class))
			.put(key.gate(), new DesiredGate(open, weight, !open && standby));
	}

	/**
	 * Forgets a gate, as a tombstone on {@code nginx.commands} asks.
	 * @param key the gate
	 */
	public synchronized void remove(GateKey key) {
		Map<Endpoint, Map<Gate, DesiredGate>> peers = this.gates.get(key.service());
		if (peers == null) {
			return;
		}
		Map<Gate, DesiredGate> peer = peers.get(key.endpoint());
		if (peer != null) {
			peer.remove(key.gate());
			if (peer.isEmpty()) {
				peers.remove(key.endpoint());
			}
		}
	}

	/**
	 * The peer set an upstream should hold now.
	 * @param service the upstream
	 * @return its peers with their effective state, and its slow start
	 */
	public synchronized PeerSet peerSet(ServiceName service) {
		List<PeerState> peers = new ArrayList<>();
		this.gates.getOrDefault(service, Map.of())
			.forEach(
					(endpoint, gates) -> peers.add(new PeerState(endpoint, up(gates), weight(gates), standsBy(gates))));
		return new PeerSet(service, peers, this.slowStarts.getOrDefault(service, Duration.ZERO));
	}

	private static boolean up(Map<Gate, DesiredGate> gates) {
		for (Gate gate : Gate.values()) {
			if (!open(gates, gate)) {
				return false;
			}
		}
		return true;
	}

	private static boolean standsBy(Map<Gate, DesiredGate> gates) {
		DesiredGate deploy = gates.get(Gate.DEPLOY);
		if (deploy == null || !deploy.standby()) {
			return false;
		}
		for (Gate gate : Gate.values()) {
			if (gate != Gate.DEPLOY && !open(gates, gate)) {
				return false;
			}
		}
		return true;
	}

	private static boolean open(Map<Gate, DesiredGate> gates, Gate gate) {
		DesiredGate state = gates.get(gate);
		return (state != null) ? state.open() : gate.openWhenAbsent();
	}

	private static int weight(Map<Gate, DesiredGate> gates) {
		DesiredGate deploy = gates.get(Gate.DEPLOY);
		return (deploy != null && deploy.open()) ? deploy.weight() : SetPeerGate.FULL_WEIGHT;
	}

	/**
	 * A gate's desired state: open or not, the weight it carries, and whether its peer
	 * stands by while it is closed.
	 */
	private record DesiredGate(boolean open, int weight, boolean standby) {
	}

}
