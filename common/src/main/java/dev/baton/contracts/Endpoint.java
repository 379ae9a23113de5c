package dev.baton.contracts;

import java.util.regex.Pattern;

/**
 * Where an instance listens: a host that is an IP literal or a DNS name, and a TCP port.
 * Anything else (spaces, shell metacharacters, URLs) is refused, since hosts end up in
 * nginx's shared memory and in restart commands.
 *
 * @param host an IPv4 or IPv6 literal, or a DNS name
 * @param port 1 to 65535
 */
public record Endpoint(String host, int port) {

	private static final Pattern IPV4 = Pattern
		.compile("((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");

	private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){2,7}");

	private static final Pattern DNS_LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");

	public Endpoint {
		requireValid(host, port);
	}

	/**
	 * Refuses what no endpoint may be. The one check behind every contract that carries
	 * an endpoint as separate {@code host} and {@code port} fields
	 * ({@link EndpointFields}), called from its compact constructor.
	 * @param host an IPv4 or IPv6 literal, or a DNS name
	 * @param port 1 to 65535
	 * @throws IllegalArgumentException naming the field that is invalid
	 */
	public static void requireValid(String host, int port) {
		if (host == null || !isIpLiteral(host) && !isDnsName(host)) {
			throw new IllegalArgumentException("host must be an IP literal or a DNS name, got " + Quoted.of(host));
		}
		if (port < 1 || port > 65535) {
			throw new IllegalArgumentException("port must be 1-65535, got " + port);
		}
	}

	private static boolean isIpLiteral(String host) {
		return IPV4.matcher(host).matches() || (IPV6.matcher(host).matches() && host.split("::", -1).length <= 2);
	}

	private static boolean isDnsName(String host) {
		if (host.isEmpty() || host.length() > 253) {
			return false;
		}
		String[] labels = host.split("\\.", -1);
		for (String label : labels) {
			if (!DNS_LABEL.matcher(label).matches()) {
				return false;
			}
		}
		// An all-numeric top label would make a mistyped IPv4 address (256.1.1.1) pass as
		// a name.
		return !labels[labels.length - 1].chars().allMatch(Character::isDigit);
	}

	/**
	 * Whether the host is an IPv4 or IPv6 literal rather than a DNS name.
	 * @return true for a literal
	 */
	public boolean hasIpLiteral() {
		return isIpLiteral(this.host);
	}

	/**
	 * The address as nginx and HTTP clients write it: {@code host:port}, with an IPv6
	 * host in brackets.
	 * @return the address
	 */
	public String address() {
		return (this.host.contains(":") ? "[" + this.host + "]" : this.host) + ":" + this.port;
	}

	@Override
	public String toString() {
		return address();
	}

}
