package dev.baton.contracts.deploy;

import dev.baton.contracts.nginx.SetPeerGate;

/**
 * How a canary's share of the traffic is set: each canary peer's DEPLOY gate is open at
 * {@code weight} (percent of a full peer's), so {@code canaryPeers} of them among
 * {@code fullPeers} full ones get
 * {@code canaryPeers·weight / (canaryPeers·weight + fullPeers·100)} of the new requests:
 * the requested {@code percent}, as near as a whole weight from 1 to 100 allows.
 *
 * @param percent the share asked for, in percent
 * @param weight the canary peers' weight, 1-100
 * @param canaryPeers how many canary peers
 * @param fullPeers how many peers of the old version serve at full weight beside them
 */
public record CanaryShare(int percent, int weight, int canaryPeers, int fullPeers) {

	public CanaryShare {
		if (percent < 1 || percent > DeployRequested.MAX_CANARY_PERCENT) {
			throw new IllegalArgumentException(
					"percent must be 1-" + DeployRequested.MAX_CANARY_PERCENT + ", got " + percent);
		}
		if (weight < 1 || weight > 100) {
			throw new IllegalArgumentException("weight must be 1-100, got " + weight);
		}
		if (canaryPeers < 1 || fullPeers < 1) {
			throw new IllegalArgumentException("a canary needs at least one canary peer and one full peer");
		}
	}

	/**
	 * @return the share of the new requests the canary gets at its weight, in percent
	 */
	public double effectivePercent() {
		double canary = (double) this.canaryPeers * this.weight;
		return 100 * canary / (canary + (double) SetPeerGate.FULL_WEIGHT * this.fullPeers);
	}

}
