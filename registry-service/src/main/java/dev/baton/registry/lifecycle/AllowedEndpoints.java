package dev.baton.registry.lifecycle;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.baton.contracts.Endpoint;

/**
 * Where a service's instances may register: hosts (CIDR blocks, IP literals or DNS names)
 * and ports (single ports or ranges such as {@code 9001-9009}); an empty list allows any.
 * A DNS name matches only a name entry, never a CIDR block: the registry resolves
 * nothing, so no decision of it depends on DNS.
 */
public final class AllowedEndpoints {

	/** Allows every endpoint. */
	public static final AllowedEndpoints ANY = new AllowedEndpoints(List.of(), List.of(), List.of(), List.of());

	private final List<Block> blocks;

	private final List<String> names;

	private final List<int[]> ports;

	private final List<String> described;

	private AllowedEndpoints(List<Block> blocks, List<String> names, List<int[]> ports, List<String> described) {
		this.blocks = blocks;
		this.names = names;
		this.ports = ports;
		this.described = described;
	}

	/**
	 * @param hosts CIDR blocks ({@code 10.0.0.0/8}, {@code fd00::/8}), IP literals or DNS
	 * names
	 * @param ports ports or ranges of ports
	 * @return the rule
	 * @throws IllegalArgumentException naming the first entry that is neither
	 */
	public static AllowedEndpoints of(List<String> hosts, List<String> ports) {
		List<Block> blocks = new ArrayList<>();
		List<String> names = new ArrayList<>();
		for (String host : hosts) {
			if (host.contains("/") || literal(host)) {
				blocks.add(Block.parse(host));
			}
			else {
				names.add(new Endpoint(checkedName(host), 1).host().toLowerCase(Locale.ROOT));
			}
		}
		List<int[]> ranges = ports.stream().map(AllowedEndpoints::range).toList();
		return new AllowedEndpoints(List.copyOf(blocks), List.copyOf(names), ranges,
				List.of("hosts " + hosts, "ports " + ports));
	}

	/**
	 * Why an endpoint may not register, if it may not.
	 * @param endpoint where an instance would listen
	 * @return the reason, or empty when allowed
	 */
	public Optional<String> refusal(Endpoint endpoint) {
		boolean anyHost = this.blocks.isEmpty() && this.names.isEmpty();
		if (!anyHost && !hostAllowed(endpoint)) {
			return Optional.of("host " + endpoint.host() + " is not among the allowed " + this.described.get(0));
		}
		if (!this.ports.isEmpty() && this.ports.stream()
			.noneMatch((range) -> range[0] <= endpoint.port() && endpoint.port() <= range[1])) {
			return Optional.of("port " + endpoint.port() + " is not among the allowed " + this.described.get(1));
		}
		return Optional.empty();
	}

	private boolean hostAllowed(Endpoint endpoint) {
		if (!endpoint.hasIpLiteral()) {
			return this.names.contains(endpoint.host().toLowerCase(Locale.ROOT));
		}
		byte[] address = address(endpoint.host());
		return this.blocks.stream().anyMatch((block) -> block.contains(address));
	}

	private static boolean literal(String host) {
		try {
			return new Endpoint(host, 1).hasIpLiteral();
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	private static String checkedName(String host) {
		try {
			return new Endpoint(host, 1).host();
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(
					"allowed-hosts: '" + host + "' is neither a CIDR block, an IP literal" + " nor a DNS name", ex);
		}
	}

	private static int[] range(String entry) {
		String[] bounds = entry.strip().split("-", -1);
		try {
			int from = Integer.parseInt(bounds[0].strip());
			int to = (bounds.length == 2) ? Integer.parseInt(bounds[1].strip()) : from;
			if (bounds.length > 2 || from < 1 || to > 65535 || from > to) {
				throw new NumberFormatException();
			}
			return new int[] { from, to };
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(
					"allowed-ports: '" + entry + "' is neither a port (1-65535) nor a range such as 9001-9009", ex);
		}
	}

	/** An IP literal's bytes; only ever called with a literal, so nothing is resolved. */
	private static byte[] address(String literal) {
		try {
			return InetAddress.getByName(literal).getAddress();
		}
		catch (UnknownHostException ex) {
			throw new IllegalArgumentException("not an IP literal: " + literal, ex);
		}
	}

	/** A CIDR block; an IP literal alone is a block of one address. */
	private record Block(byte[] network, int prefix) {

		static Block parse(String cidr) {
			String[] parts = cidr.strip().split("/", -1);
			if (parts.length > 2 || !literal(parts[0])) {
				throw new IllegalArgumentException(
						"allowed-hosts: '" + cidr + "' is neither a CIDR block, an IP literal nor a DNS name");
			}
			byte[] network = address(parts[0]);
			int prefix;
			try {
				prefix = (parts.length == 2) ? Integer.parseInt(parts[1]) : network.length * 8;
			}
			catch (NumberFormatException ex) {
				prefix = -1;
			}
			if (prefix < 0 || prefix > network.length * 8) {
				throw new IllegalArgumentException(
						"allowed-hosts: '" + cidr + "' has a prefix length outside 0-" + network.length * 8);
			}
			return new Block(network, prefix);
		}

		boolean contains(byte[] address) {
			if (address.length != this.network.length) {
				return false;
			}
			for (int bit = 0; bit < this.prefix; bit++) {
				int mask = 0x80 >>> (bit % 8);
				if ((address[bit / 8] & mask) != (this.network[bit / 8] & mask)) {
					return false;
				}
			}
			return true;
		}

	}

}
