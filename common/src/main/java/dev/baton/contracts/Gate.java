package dev.baton.contracts;

/**
 * One of the switches that must all be open for a peer to receive new requests. Each gate
 * has exactly one writer, so writers never race each other.
 */
public enum Gate {

	/**
	 * Written by registry-service: closed while pre-online or taken offline by an
	 * operator.
	 */
	ADMIN(false),

	/**
	 * Written by registry-service from verdicts: closed while the latest verdict is not
	 * HEALTHY.
	 */
	HEALTH(false),

	/**
	 * Written by deployer-service: closed while the instance is drained, restarted,
	 * verified.
	 */
	DEPLOY(true);

	private final boolean openWhenAbsent;

	Gate(boolean openWhenAbsent) {
		this.openWhenAbsent = openWhenAbsent;
	}

	/**
	 * How to read a gate that has no record: a peer nobody has approved or checked yet is
	 * not served, while a peer no deploy ever touched is.
	 * @return whether an absent gate counts as open
	 */
	public boolean openWhenAbsent() {
		return this.openWhenAbsent;
	}

}
