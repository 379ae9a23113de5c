package dev.baton.deployer.canary;

import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * The DEPLOY gate weight that gives a canary its share of the traffic. nginx picks each
 * peer in proportion to its weight, a full peer's being 100, so {@code n} canary peers at
 * weight {@code w} beside {@code N} full peers get {@code n·w / (n·w + 100·N)} of the new
 * requests. For that to be the share {@code s}: {@code w = 100·s·N / ((1 − s)·n)},
 * rounded, and capped to 1-100 (a share that would need more than a full peer's weight
 * gets a full peer's; one that would need less than 1 gets 1).
 */
public final class CanaryWeight {

	private CanaryWeight() {
	}

	/**
	 * @param percent the share asked for, in percent (1-99)
	 * @param canaryPeers how many canary peers
	 * @param fullPeers how many peers serve at full weight beside them
	 * @return the share, with the weight that gives it
	 * @throws IllegalArgumentException without a canary peer or a full peer
	 */
	public static CanaryShare of(int percent, int canaryPeers, int fullPeers) {
		if (canaryPeers < 1 || fullPeers < 1) {
			throw new IllegalArgumentException("a canary needs at least one canary peer and one full peer, got "
					+ canaryPeers + " and " + fullPeers);
		}
		double share = percent / 100.0;
		double weight = SetPeerGate.FULL_WEIGHT * share * fullPeers / ((1 - share) * canaryPeers);
		int capped = (int) Math.max(1, Math.min(SetPeerGate.FULL_WEIGHT, Math.round(weight)));
		return new CanaryShare(percent, capped, canaryPeers, fullPeers);
	}

	/**
	 * @return the share of the new requests the canary gets at its weight, in percent
	 */
	public static double effectivePercent(CanaryShare share) {
		return share.effectivePercent();
	}

}
