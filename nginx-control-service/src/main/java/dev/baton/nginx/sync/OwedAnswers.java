package dev.baton.nginx.sync;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * Which commands still await this node's answer when it starts: a drain or an apply
 * requested while it was down, or one it was answering when it was killed. Those are the
 * latest command per gate, decided within the answer window, that this node has not
 * answered yet on {@code nginx.events}: a closing command is answered by a
 * {@code PeerDrained} or {@code PeerDrainTimedOut}, an opening one by a
 * {@code PeerApplied}, either by a {@code CommandRejected}. Older commands are not
 * answered again: nobody still waits for them, and a restart stays as quick with a
 * thousand gates as with ten.
 * <p>
 * "Within the window" is judged on the writer's own clock: a command is owed when it was
 * decided no longer than the window before the newest command of the same writer
 * ({@code by}). This node's clock never enters, so a node minutes ahead of the deployer
 * cannot skip the drain the deployer is waiting for; an extra answer costs nothing, as
 * waiters match answers by command id.
 */
public class OwedAnswers {

	private final NodeId node;

	private final Duration window;

	private final Map<GateKey, SetPeerGate> latest = new LinkedHashMap<>();

	private final Set<CommandId> applied = new HashSet<>();

	private final Set<CommandId> finished = new HashSet<>();

	public OwedAnswers(NodeId node, Duration window) {
		this.node = node;
		this.window = window;
	}

	/**
	 * How far back answers are read, and commands answered again.
	 * @return the window
	 */
	public Duration window() {
		return this.window;
	}

	synchronized void remember(GateKey gate, SetPeerGate command) {
		this.latest.put(gate, command);
	}

	synchronized void forget(GateKey gate) {
		this.latest.remove(gate);
	}

	/**
	 * Takes one event read back from {@code nginx.events}; only this node's answers
	 * count.
	 * @param event the event
	 */
	public synchronized void answered(NginxEvent event) {
		if (!this.node.equals(event.nodeId())) {
			return;
		}
		if (event instanceof PeerApplied answer) {
			this.applied.add(answer.commandId());
		}
		else if (event instanceof PeerDrained answer) {
			this.finished.add(answer.commandId());
		}
		else if (event instanceof PeerDrainTimedOut answer) {
			this.finished.add(answer.commandId());
		}
		else if (event instanceof CommandRejected answer) {
			this.finished.add(answer.commandId());
		}
	}

	/**
	 * The commands to answer, then forgets everything: they are asked for once, at start.
	 * @return the commands still awaiting this node's answer
	 */
	synchronized List<SetPeerGate> take() {
		Map<String, Instant> newestBy = new HashMap<>();
		this.latest.values().forEach((command) -> newestBy.merge(command.by(), command.at(), OwedAnswers::later));
		List<SetPeerGate> owed = this.latest.values()
			.stream()
			.filter((command) -> !command.at().isBefore(newestBy.get(command.by()).minus(this.window)))
			.filter((command) -> !this.finished.contains(command.commandId()))
			.filter((command) -> !command.open() || !this.applied.contains(command.commandId()))
			.toList();
		this.latest.clear();
		this.applied.clear();
		this.finished.clear();
		return owed;
	}

	private static Instant later(Instant a, Instant b) {
		return a.isAfter(b) ? a : b;
	}

}
