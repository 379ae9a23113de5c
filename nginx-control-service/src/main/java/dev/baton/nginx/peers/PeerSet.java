package dev.baton.nginx.peers;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

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
	 * The set as the control endpoint takes it: {@code host:port up|down}, one per line.
	 * @return the lines
	 */
	public String render() {
		StringBuilder lines = new StringBuilder();
		for (PeerState peer : this.peers) {
			lines.append(peer.endpoint().address()).append(peer.up() ? " up\n" : " down\n");
		}
		return lines.toString();
	}

}
