package dev.baton.deployer.canary;

import java.util.Set;
import java.util.function.Predicate;

import dev.baton.contracts.nginx.Figures;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;

/**
 * What the nginx nodes report of one service's canary peers and of its old version's
 * peers while a bake runs: every {@link PeerStats} read while the window is open counts,
 * whichever node sent it and whatever its clock says (the canary's peers had no traffic
 * before they were enabled, so nothing of theirs is from before). Peers of neither group
 * (not in the fleet, or already on the new version) are left out.
 */
public final class StatsWindow {

	private final ServiceName service;

	private final Set<Endpoint> canaryPeers;

	private final Predicate<Endpoint> baselinePeer;

	private Figures canary = Figures.NONE;

	private Figures baseline = Figures.NONE;

	/**
	 * @param canaryPeers the canary's peers
	 * @param baselinePeer which other peers run the old version
	 */
	public StatsWindow(ServiceName service, Set<Endpoint> canaryPeers, Predicate<Endpoint> baselinePeer) {
		this.service = service;
		this.canaryPeers = Set.copyOf(canaryPeers);
		this.baselinePeer = baselinePeer;
	}

	public synchronized void offer(PeerStats stats) {
		if (!stats.service().equals(this.service)) {
			return;
		}
		for (PeerTally tally : stats.peers()) {
			Endpoint peer = tally.endpoint();
			if (this.canaryPeers.contains(peer)) {
				this.canary = this.canary.plus(tally);
			}
			else if (this.baselinePeer.test(peer)) {
				this.baseline = this.baseline.plus(tally);
			}
		}
	}

	ServiceName service() {
		return this.service;
	}

	public synchronized Figures canary() {
		return this.canary;
	}

	public synchronized Figures baseline() {
		return this.baseline;
	}

}
