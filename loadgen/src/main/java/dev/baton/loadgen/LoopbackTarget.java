package dev.baton.loadgen;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;

/**
 * Keeps the generator on this machine: it refuses any target that is not a loopback
 * address (127.0.0.0/8 or ::1), so it can never be pointed at someone else's server.
 */
public final class LoopbackTarget {

	private LoopbackTarget() {
	}

	/**
	 * Checks a target URL.
	 * @param target the URL
	 * @return the URL, unchanged
	 * @throws IllegalArgumentException when it is not plain HTTP to a loopback address
	 */
	public static URI require(URI target) {
		if (!"http".equalsIgnoreCase(target.getScheme()) || target.getHost() == null) {
			throw new IllegalArgumentException("--target must be an http:// URL with a host, got " + target);
		}
		String host = target.getHost().replaceAll("^\\[|\\]$", "");
		try {
			for (InetAddress address : InetAddress.getAllByName(host)) {
				if (!address.isLoopbackAddress()) {
					throw new IllegalArgumentException("--target must be a loopback address (127.0.0.0/8 or ::1): "
							+ host + " is " + address.getHostAddress());
				}
			}
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException("--target host " + host + " does not resolve", ex);
		}
		return target;
	}

}
