package dev.baton.loadgen;

/**
 * Which method the n-th request uses. Deterministic and evenly spread (2:1 gives GET,
 * GET, POST, GET, GET, POST, …), so every run of the same length sends the same requests.
 */
final class RequestMix {

	enum Method {

		GET, POST

	}

	private final int getWeight;

	private final int round;

	RequestMix(int getWeight, int postWeight) {
		this.getWeight = getWeight;
		this.round = getWeight + postWeight;
	}

	Method methodOf(long sequence) {
		return (sequence % this.round < this.getWeight) ? Method.GET : Method.POST;
	}

}
