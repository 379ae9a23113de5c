package dev.baton.nginx.config;

import java.nio.file.Path;
import java.time.Duration;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * Checks that stop start-up with the name of the bad property. Paths and addresses end up
 * in a generated nginx.conf, so anything that could break out of a directive is refused.
 */
final class PropertyChecks {

	private PropertyChecks() {
	}

	static void serviceName(String property, String service) {
		try {
			ServiceName.of(service);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(property + ": " + ex.getMessage(), ex);
		}
	}

	static void positive(String property, Duration duration) {
		if (duration == null || duration.isNegative() || duration.isZero()) {
			throw new IllegalArgumentException(property + " must be a positive duration, got " + duration);
		}
	}

	static void safePath(String property, Path path) {
		if (!path.toString().matches("[A-Za-z0-9._/+@-]+")) {
			throw new IllegalArgumentException(
					property + " may only contain letters, digits and . _ / + @ -, got " + path);
		}
	}

	/**
	 * Reads {@code host:port} or {@code [v6]:port}.
	 * @param property the property, named in the error
	 * @param address the value
	 * @return the endpoint
	 */
	static Endpoint address(String property, String address) {
		try {
			int colon = address.lastIndexOf(':');
			if (colon <= 0) {
				throw new IllegalArgumentException("expected host:port");
			}
			String host = address.substring(0, colon);
			if (host.startsWith("[") && host.endsWith("]")) {
				host = host.substring(1, host.length() - 1);
			}
			return new Endpoint(host, Integer.parseInt(address.substring(colon + 1)));
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(property + " must be host:port, got " + address + ": " + ex.getMessage(),
					ex);
		}
	}

}
