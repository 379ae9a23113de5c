package dev.baton.nginx.peers;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * The whole peer set of one upstream, in a canonical order so that two equal sets render
 * equally and a push of an unchanged set changes nothing in nginx.
 *
 * @param service the upstream
 * @param peers its peers, sorted by address
 */
public record PeerSet(ServiceName service, List<PeerState> peers) {

	private static final Comparator<PeerState> BY_ADDRESS = Comparator
		.comparing((PeerState peer) -> peer.endpoint().host())
		.thenComparingInt((peer) -> peer.endpoint().port());

	public PeerSet {
		Objects.requireNonNull(service, "service is required");
		peers = peers.stream().sorted(BY_ADDRESS).toList();
	}

	/**
	 * The state of one peer.
	 * @param endpoint the peer
	 * @return whether it is up, or empty when it is not in the set
	 */
	public Optional<Boolean> stateOf(Endpoint endpoint) {
		return this.peers.stream().filter((peer) -> peer.endpoint().equals(endpoint)).map(PeerState::up).findFirst();
	}

	/**
	 * Whether any peer that is up has less than a full peer's weight (a canary).
	 * @return whether one does
	 */
	public boolean weighted() {
		return this.peers.stream().anyMatch((peer) -> peer.up() && peer.weight() < SetPeerGate.FULL_WEIGHT);
	}

	/**
	 * The set as the control endpoint takes it: {@code host:port up|down weight}, one per
	 * line.
	 * @return the lines
	 */
	public String render() {
		StringBuilder lines = new StringBuilder();
		for (PeerState peer : this.peers) {
			lines.append(peer.endpoint().address())
				.append(peer.up() ? " up " : " down ")
				.append(peer.weight())
				.append('\n');
		}
		return lines.toString();
	}

}
