package dev.baton.deployer.rollout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.fleet.NodeLiveness;

/**
 * Closes and opens an instance's DEPLOY gate and waits for every live nginx node to
 * answer the command: drained after closing, up after opening.
 */
final class GateSteps {

	static final String OWNER = "deployer-service";

	private final AnswerBoard board;

	private final AnswerAwait await;

	private final NodeLiveness liveness;

	private final DeployEvents events;

	private final Clock clock;

	GateSteps(AnswerBoard board, NodeLiveness liveness, DeployEvents events, Clock clock) {
		this.board = board;
		this.await = new AnswerAwait(liveness, clock);
		this.liveness = liveness;
		this.events = events;
		this.clock = clock;
	}

	Pending close(DeployPlan plan, Target target, DeployPhase phase) {
		return send(plan, target, false, phase + " of " + plan.deployId() + ": draining for a restart");
	}

	Pending open(DeployPlan plan, Target target, DeployPhase phase) {
		return send(plan, target, true, phase + " of " + plan.deployId() + ": verified, back in rotation");
	}

	private Pending send(DeployPlan plan, Target target, boolean open, String reason) {
		SetPeerGate command = new SetPeerGate(CommandId.random(), plan.service(), target.endpoint().host(),
				target.endpoint().port(), Gate.DEPLOY, open, OWNER, reason, this.clock.instant());
		NodeAnswers answers = this.board.expectAnswers(command.commandId(), plan.service(), target.endpoint());
		Set<NodeId> expected = this.liveness.liveNodesOf(plan.service());
		this.events.gate(command);
		return new Pending(target, answers, expected, this.clock.instant());
	}

	/**
	 * Waits for the drain and publishes {@link InstanceDrained}.
	 * @param strict whether a rejection, or a timeout configured as fatal, fails the
	 * deploy
	 */
	void drain(DeployPlan plan, Pending pending, DeployPhase phase, boolean strict)
			throws DeployFailure, InterruptedException {
		Settled settled = awaitAnswers(plan, pending, GateSteps::drained, plan.policy().drainTimeout());
		boolean timedOut = !settled.complete()
				|| settled.answers().values().stream().anyMatch(PeerDrainTimedOut.class::isInstance);
		this.events.step(new InstanceDrained(plan.deployId(), plan.service(), pending.target().instanceId(), phase,
				answered(pending, settled), timedOut, millisSince(pending.sentAt()), this.clock.instant()));
		String rejection = rejection(settled);
		if (rejection != null) {
			fail(plan, pending, strict, "closing the DEPLOY gate of " + pending.target().instanceId() + rejection);
		}
		else if (timedOut) {
			fail(plan, pending, strict && plan.policy().drainTimeoutFatal(),
					"drain of " + pending.target().instanceId() + " timed out after " + plan.policy().drainTimeout()
							+ " (nodes not drained: " + notDrained(settled) + ")");
		}
	}

	/**
	 * Waits until every live node reports the peer up and publishes
	 * {@link InstanceEnabled}.
	 * @param strict whether a node that does not confirm fails the deploy
	 */
	void enable(DeployPlan plan, Pending pending, DeployPhase phase, boolean strict)
			throws DeployFailure, InterruptedException {
		Settled settled = awaitAnswers(plan, pending, GateSteps::up, plan.policy().enableTimeout());
		String rejection = rejection(settled);
		if (rejection != null || !settled.complete()) {
			fail(plan, pending, strict, "opening the DEPLOY gate of " + pending.target().instanceId()
					+ ((rejection != null) ? rejection : " was not confirmed up by " + settled.missing()));
			return;
		}
		this.events.step(new InstanceEnabled(plan.deployId(), plan.service(), pending.target().instanceId(), phase,
				answered(pending, settled), this.clock.instant()));
	}

	private Settled awaitAnswers(DeployPlan plan, Pending pending, Predicate<NginxEvent> settles, Duration timeout)
			throws InterruptedException {
		try {
			return this.await.await(pending.answers(), pending.expected(), settles, timeout,
					(node) -> this.events.audit(plan.deployId().value(), "node.stale",
							"nginx node " + node + " stopped heartbeating; no longer waited for",
							Map.of("node", node.value(), "instance", pending.target().instanceId().value(), "command",
									pending.answers().commandId().value())));
		}
		finally {
			this.board.forget(pending.answers().commandId());
		}
	}

	private void fail(DeployPlan plan, Pending pending, boolean fatal, String reason) throws DeployFailure {
		if (fatal) {
			throw new DeployFailure(reason);
		}
		this.events.audit(plan.deployId().value(), "step.degraded", reason,
				Map.of("instance", pending.target().instanceId().value()));
	}

	private static boolean drained(NginxEvent event) {
		return event instanceof PeerDrained || event instanceof PeerDrainTimedOut || event instanceof CommandRejected;
	}

	private static boolean up(NginxEvent event) {
		return (event instanceof PeerApplied applied && applied.up()) || event instanceof CommandRejected;
	}

	private static String rejection(Settled settled) {
		return settled.answers()
			.values()
			.stream()
			.filter(CommandRejected.class::isInstance)
			.map(CommandRejected.class::cast)
			.map((rejected) -> " was rejected by node " + rejected.nodeId() + ": " + rejected.reason())
			.findFirst()
			.orElse(null);
	}

	private static Set<NodeId> notDrained(Settled settled) {
		Set<NodeId> nodes = settled.answers()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getValue() instanceof PeerDrainTimedOut)
			.map(Map.Entry::getKey)
			.collect(Collectors.toSet());
		nodes.addAll(settled.missing());
		return nodes;
	}

	private static List<NodeId> answered(Pending pending, Settled settled) {
		return pending.expected().stream().filter(settled.answers()::containsKey).toList();
	}

	private long millisSince(Instant sentAt) {
		return Duration.between(sentAt, this.clock.instant()).toMillis();
	}

	/**
	 * A gate command sent, with the nodes expected to answer it.
	 */
	record Pending(Target target, NodeAnswers answers, Set<NodeId> expected, Instant sentAt) {
	}

}
