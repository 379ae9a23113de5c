package dev.baton.contracts;

/**
 * The key of a record on {@code nginx.commands}: {@code service/host:port/GATE}. One key
 * per gate of a peer, so the compacted topic holds exactly the desired state of every
 * gate.
 *
 * @param service the service whose upstream holds the peer
 * @param endpoint the peer
 * @param gate the gate
 */
public record GateKey(ServiceName service, Endpoint endpoint, Gate gate) {

	public GateKey {
		if (service == null || endpoint == null || gate == null) {
			throw new IllegalArgumentException("a gate key needs a service, an endpoint and a gate");
		}
	}

	/**
	 * Reads a key as written by {@link #toString()}.
	 * @param key the record key
	 * @return the key
	 * @throws IllegalArgumentException if the key is not of that form
	 */
	public static GateKey parse(String key) {
		if (key == null) {
			throw new IllegalArgumentException("a gate key is required");
		}
		int firstSlash = key.indexOf('/');
		int lastSlash = key.lastIndexOf('/');
		int lastColon = key.lastIndexOf(':', lastSlash);
		if (firstSlash < 0 || lastSlash <= firstSlash || lastColon <= firstSlash) {
			throw new IllegalArgumentException("gate key must be service/host:port/GATE, got " + Quoted.of(key));
		}
		String host = key.substring(firstSlash + 1, lastColon);
		if (host.startsWith("[") && host.endsWith("]")) {
			host = host.substring(1, host.length() - 1);
		}
		try {
			int port = Integer.parseInt(key.substring(lastColon + 1, lastSlash));
			Gate gate = Gate.valueOf(key.substring(lastSlash + 1));
			return new GateKey(ServiceName.of(key.substring(0, firstSlash)), new Endpoint(host, port), gate);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("gate key " + Quoted.of(key) + " is invalid: " + ex.getMessage(), ex);
		}
	}

	@Override
	public String toString() {
		return this.service + "/" + this.endpoint.address() + "/" + this.gate.name();
	}

}
