package dev.baton.deployer.rollout.step;

import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.baton.clock.Ticker;
import dev.baton.contracts.CommandId;
import dev.baton.contracts.Gate;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.nginx.CommandRejected;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.answer.AnswerAwait;
import dev.baton.deployer.rollout.answer.AnswerBoard;
import dev.baton.deployer.rollout.answer.NodeAnswers;
import dev.baton.deployer.rollout.answer.Settled;
import dev.baton.deployer.rollout.plan.DeployPlan;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * Closes and opens an instance's DEPLOY gate and waits for every nginx node of the
 * service to answer the command: drained after closing, up after opening. A drain counts
 * only when every node confirmed it; a node that stays silent is never taken as drained.
 */
public final class GateSteps {

	public static final String OWNER = "deployer-service";

	/**
	 * How much longer than a drain's deadline its answers are waited for: a node times
	 * the deadline from when it applied the command, and its answer still has to reach
	 * here.
	 */
	static final Duration ANSWER_TRANSIT = Duration.ofSeconds(5);

	private final AnswerBoard board;

	private final AnswerAwait await;

	private final NginxNodes nodes;

	private final DeployEvents events;

	private final Clock clock;

	private final Ticker ticker;

	public GateSteps(AnswerBoard board, NginxNodes nodes, DeployEvents events, Clock clock) {
		this(board, nodes, events, clock, Ticker.SYSTEM);
	}

	/**
	 * @param clock stamps the records, for people reading them
	 * @param ticker times the waits for answers
	 */
	GateSteps(AnswerBoard board, NginxNodes nodes, DeployEvents events, Clock clock, Ticker ticker) {
		this.board = board;
		this.await = new AnswerAwait(nodes, ticker);
		this.nodes = nodes;
		this.events = events;
		this.clock = clock;
		this.ticker = ticker;
	}

	/**
	 * Closes the gate; the command carries the service's drain deadline and policy, which
	 * every node times on its own clock.
	 */
	public Pending close(DeployPlan plan, DeployTarget target, DeployPhase phase) {
		SetPeerGate command = SetPeerGate.closing(CommandId.random(), plan.service(), target.endpoint().host(),
				target.endpoint().port(), Gate.DEPLOY, OWNER,
				phase + " of " + plan.deployId() + ": draining for a restart", this.clock.instant(),
				plan.policy().drainDeadline());
		return send(plan, target, command);
	}

	public Pending open(DeployPlan plan, DeployTarget target, DeployPhase phase) {
		return open(plan, target, phase, SetPeerGate.FULL_WEIGHT);
	}

	/**
	 * Opens the gate at a weight: below 100 for a canary, 100 to promote it.
	 */
	public Pending open(DeployPlan plan, DeployTarget target, DeployPhase phase, int weight) {
		String reason = (weight < SetPeerGate.FULL_WEIGHT) ? ": canary at weight " + weight
				: ": verified, back in rotation";
		return send(plan, target, true, phase + " of " + plan.deployId() + reason, weight);
	}

	private Pending send(DeployPlan plan, DeployTarget target, boolean open, String reason, int weight) {
		return send(plan, target, new SetPeerGate(CommandId.random(), plan.service(), target.endpoint().host(),
				target.endpoint().port(), Gate.DEPLOY, open, OWNER, reason, this.clock.instant(), weight));
	}

	private Pending send(DeployPlan plan, DeployTarget target, SetPeerGate command) {
		NodeAnswers answers = this.board.expectAnswers(command.commandId(), plan.service(), target.endpoint());
		Set<NodeId> expected = this.nodes.nodesOf(plan.service());
		this.events.gate(command);
		return new Pending(target, answers, expected, this.ticker.nanos(), command.weight());
	}

	/**
	 * Waits for the drain and publishes {@link InstanceDrained} once every node that may
	 * route to the peer confirmed it: drained, or timed out on the command's deadline
	 * with connections still open. Each node times the deadline itself; its answer is
	 * waited for a little longer, the time it takes to arrive.
	 * @param strict whether a drain that timed out fails the deploy when the service's
	 * policy says {@code fail} (a rollout's); otherwise the instance is restarted with
	 * its connections open
	 * @throws DrainUnconfirmed when a node did not confirm the drain (silent until the
	 * deadline, or rejecting the command), or no node was there to confirm it: the
	 * instance must not be restarted
	 */
	public void drain(DeployPlan plan, Pending pending, DeployPhase phase, boolean strict)
			throws DeployFailure, InterruptedException {
		InstanceId instance = pending.target().instanceId();
		Settled settled = awaitAnswers(pending, GateSteps::drained, plan.policy().drainTimeout().plus(ANSWER_TRANSIT));
		List<NodeId> answered = answered(pending, settled);
		Set<NodeId> unconfirmed = new TreeSet<>(Comparator.comparing(NodeId::value));
		unconfirmed.addAll(settled.missing());
		unconfirmed.addAll(rejecting(settled));
		if (!unconfirmed.isEmpty() || answered.isEmpty()) {
			String reason = unconfirmed.isEmpty()
					? "no nginx node serving " + plan.service() + " was there to confirm that " + instance
							+ " is drained"
					: instance + " was not confirmed drained by nginx node(s) " + unconfirmed + " within "
							+ plan.policy().drainTimeout() + rejection(settled);
			this.events.audit(plan.deployId().value(), "drain.unconfirmed", reason,
					Map.of("instance", instance.value(), "phase", phase.name(), "nodes", unconfirmed.toString()));
			throw new DrainUnconfirmed(reason, unconfirmed);
		}
		boolean timedOut = settled.answers().values().stream().anyMatch(PeerDrainTimedOut.class::isInstance);
		this.events.step(new InstanceDrained(plan.deployId(), plan.service(), instance, phase, answered, timedOut,
				millisSince(pending.sentNanos()), this.clock.instant()));
		if (timedOut) {
			boolean fatal = strict && plan.policy().drainOnTimeout() == DrainDeadline.OnTimeout.FAIL;
			fail(plan, pending, fatal, "drain of " + instance + " timed out after " + plan.policy().drainTimeout()
					+ " with " + stillOpen(settled) + " connection(s) still open on nginx node(s) "
					+ notDrained(settled)
					+ (fatal ? "; it was not restarted (drain.on-timeout=fail)" : "; restarting it with them open"));
		}
	}

	/**
	 * Reopens the gate of an instance that was not restarted, waiting for the nodes that
	 * are still expected to answer; one that does not is reported, never fatal.
	 * @param skipped nodes not to wait for (they did not answer the drain either)
	 */
	public void reopen(DeployPlan plan, DeployTarget target, DeployPhase phase, Set<NodeId> skipped)
			throws InterruptedException {
		Pending pending = open(plan, target, phase);
		Set<NodeId> expected = new LinkedHashSet<>(pending.expected());
		expected.removeAll(skipped);
		try {
			enable(plan, new Pending(target, pending.answers(), expected, pending.sentNanos(), pending.weight()), phase,
					false);
		}
		catch (DeployFailure ex) {
			throw new IllegalStateException("a wait that is not strict never fails", ex);
		}
	}

	/**
	 * Waits until every live node reports the peer up and publishes
	 * {@link InstanceEnabled}.
	 * @param strict whether a node that does not confirm fails the deploy
	 * @return the longest slow start a node reported for the peer: how long it takes to
	 * ramp to its full share of new requests (zero for none, and when not confirmed)
	 */
	public Duration enable(DeployPlan plan, Pending pending, DeployPhase phase, boolean strict)
			throws DeployFailure, InterruptedException {
		Settled settled = awaitAnswers(pending, GateSteps::up, plan.policy().enableTimeout());
		String rejection = rejection(settled);
		if (!rejection.isEmpty() || !settled.complete()) {
			fail(plan, pending, strict, "opening the DEPLOY gate of " + pending.target().instanceId()
					+ (!rejection.isEmpty() ? rejection : " was not confirmed up by " + settled.missing()));
			return Duration.ZERO;
		}
		this.events.step(new InstanceEnabled(plan.deployId(), plan.service(), pending.target().instanceId(), phase,
				answered(pending, settled), this.clock.instant(), pending.weight()));
		return Duration.ofMillis(settled.answers()
			.values()
			.stream()
			.filter(PeerApplied.class::isInstance)
			.mapToLong((answer) -> ((PeerApplied) answer).slowStartMillis())
			.max()
			.orElse(0));
	}

	private Settled awaitAnswers(Pending pending, Predicate<NginxEvent> settles, Duration timeout)
			throws InterruptedException {
		try {
			return this.await.await(pending.answers(), pending.expected(), settles, timeout);
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

	private static Set<NodeId> rejecting(Settled settled) {
		return settled.answers()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getValue() instanceof CommandRejected)
			.map(Map.Entry::getKey)
			.collect(Collectors.toSet());
	}

	private static String rejection(Settled settled) {
		return settled.answers()
			.values()
			.stream()
			.filter(CommandRejected.class::isInstance)
			.map(CommandRejected.class::cast)
			.map((rejected) -> " was rejected by node " + rejected.nodeId() + ": " + rejected.reason())
			.findFirst()
			.orElse("");
	}

	private static long stillOpen(Settled settled) {
		return settled.answers()
			.values()
			.stream()
			.filter(PeerDrainTimedOut.class::isInstance)
			.mapToLong((answer) -> Math.max(0, ((PeerDrainTimedOut) answer).inFlight()))
			.sum();
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

	private long millisSince(long sentNanos) {
		return Duration.ofNanos(this.ticker.nanos() - sentNanos).toMillis();
	}

	/**
	 * A gate command sent, with the nodes expected to answer it and the weight it opens
	 * the gate at.
	 */
	public record Pending(DeployTarget target, NodeAnswers answers, Set<NodeId> expected, long sentNanos, int weight) {
	}

}
