package dev.baton.nginx.peers;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * The whole peer set of one upstream, in a canonical order so that two equal sets render
 * equally and a push of an unchanged set changes nothing in nginx. The route's slow start
 * travels with the set: nginx then takes a changed slow start with the peers, so changing
 * it restarts nginx-control, never nginx.
 *
 * @param service the upstream
 * @param peers its peers, sorted by address
 * @param slowStart how long a peer that comes up ramps to its full weight; zero for none
 */
public record PeerSet(ServiceName service, List<PeerState> peers, Duration slowStart) {

	private static final Comparator<PeerState> BY_ADDRESS = Comparator
		.comparing((PeerState peer) -> peer.endpoint().host())
		.thenComparingInt((peer) -> peer.endpoint().port());

	public PeerSet {
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(slowStart, "slowStart is required");
		if (slowStart.isNegative() || slowStart.getNano() % 1_000_000 != 0) {
			throw new IllegalArgumentException("slowStart must be zero or more whole milliseconds, got " + slowStart);
		}
		peers = peers.stream().sorted(BY_ADDRESS).toList();
	}

	/**
	 * A set without slow start.
	 * @param service the upstream
	 * @param peers its peers
	 */
	public PeerSet(ServiceName service, List<PeerState> peers) {
		this(service, peers, Duration.ZERO);
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
	 * Whether nginx holds this set, as desired: the same set, but for standby peers whose
	 * drain nginx released (a standby peer is taken down by the drain's last read, and is
	 * never pushed back on standby, see {@code baton/control.lua}).
	 * @param actual what nginx holds
	 * @return whether it is this set
	 */
	public boolean heldBy(PeerSet actual) {
		if (actual.equals(this)) {
			return true;
		}
		List<PeerState> released = this.peers.stream()
			.map((peer) -> (peer.standby() && actual.peers.contains(peer.released())) ? peer.released() : peer)
			.toList();
		return actual.equals(new PeerSet(this.service, released, this.slowStart));
	}

	/**
	 * Whether any peer that is up has less than a full peer's weight (a canary).
	 * @return whether one does
	 */
	public boolean weighted() {
		return this.peers.stream().anyMatch((peer) -> peer.up() && peer.weight() < SetPeerGate.FULL_WEIGHT);
	}

	/**
	 * The set as the control endpoint takes it: {@code slow-start <seconds>} first while
	 * slow start is on, then {@code host:port up|standby|down weight}, one per line.
	 * @return the lines
	 */
	public String render() {
		StringBuilder lines = new StringBuilder();
		if (!this.slowStart.isZero()) {
			lines.append("slow-start ").append(seconds(this.slowStart)).append('\n');
		}
		for (PeerState peer : this.peers) {
			lines.append(peer.endpoint().address())
				.append(' ')
				.append(peer.state())
				.append(' ')
				.append(peer.weight())
				.append('\n');
		}
		return lines.toString();
	}

	/** 1.5 for 1500 ms, 30 for 30 s. */
	private static String seconds(Duration duration) {
		return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
	}

}
