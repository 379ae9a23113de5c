package dev.baton.contracts;

/**
 * A contract that names an instance or a peer by two flat JSON fields, {@code host} and
 * {@code port}, rather than by a nested object: what people and non-Java producers type
 * stays {@code "host":"127.0.0.1","port":8081}. Its compact constructor checks both with
 * {@link Endpoint#requireValid}, so {@link #endpoint()} never throws.
 */
public interface EndpointFields {

	String host();

	int port();

	/**
	 * The endpoint the two fields name.
	 * @return host and port as one value
	 */
	default Endpoint endpoint() {
		return new Endpoint(host(), port());
	}

}
