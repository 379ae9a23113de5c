package dev.baton.nginx.sync;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;

/**
 * The command each gate took last, and the ids of the commands gates took before: a
 * command published again after its gate moved on (a late duplicate) would take the gate
 * back to a state it has left, and after the gate's tombstone bring back a peer that left
 * its set. Such a command is refused. A command id is unique to one command, so a command
 * taken again while still its gate's latest changes nothing and is taken as before.
 * Bounded: the newest {@value #REMEMBERED} superseded ids are remembered, which outlasts
 * any duplicate a producer's retry or an operator's replay makes.
 */
final class GateHistory {

	static final int REMEMBERED = 100_000;

	private final Map<GateKey, CommandId> latest = new HashMap<>();

	private final Set<CommandId> superseded = Collections.newSetFromMap(new LinkedHashMap<>() {

		@Override
		protected boolean removeEldestEntry(Map.Entry<CommandId, Boolean> eldest) {
			return size() > REMEMBERED;
		}

	});

	/**
	 * Takes a gate's new record.
	 * @param gate the gate
	 * @param command the command's id, or null for a tombstone
	 * @throws IllegalArgumentException when the command was the gate's before and has
	 * been superseded since: nothing changes
	 */
	synchronized void take(GateKey gate, CommandId command) {
		if (command != null && this.superseded.contains(command)) {
			throw new IllegalArgumentException("command " + command + " for gate " + gate
					+ " was taken before and has been superseded since: published again, it would take the gate"
					+ " back to a state it has left");
		}
		CommandId previous = (command != null) ? this.latest.put(gate, command) : this.latest.remove(gate);
		if (previous != null && !previous.equals(command)) {
			this.superseded.add(previous);
		}
	}

}
