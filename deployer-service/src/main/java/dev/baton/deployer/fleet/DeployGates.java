package dev.baton.deployer.fleet;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * The DEPLOY gates this deployer has written, as the compacted {@code nginx.commands}
 * holds them: which are closed (and must not stay so) and which exist at all (and must be
 * removed when their instance is deregistered).
 */
public final class DeployGates {

	private final Map<GateKey, Boolean> open = new ConcurrentHashMap<>();

	/**
	 * Takes a record of {@code nginx.commands} into account; other gates are ignored.
	 * @param key the record key
	 * @param command the command, or null for a tombstone
	 */
	public void observe(GateKey key, SetPeerGate command) {
		if (key.gate() != Gate.DEPLOY) {
			return;
		}
		if (command == null) {
			this.open.remove(key);
		}
		else {
			this.open.put(key, command.open());
		}
	}

	public boolean exists(GateKey key) {
		return this.open.containsKey(key);
	}

	public Set<GateKey> closed() {
		return this.open.entrySet()
			.stream()
			.filter((entry) -> !entry.getValue())
			.map(Map.Entry::getKey)
			.collect(Collectors.toUnmodifiableSet());
	}

}
