package dev.baton.deployer.rollout.answer;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import dev.baton.clock.Ticker;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.deployer.fleet.ChangeSignal;
import dev.baton.deployer.fleet.NginxNodes;

/**
 * Waits until every awaited node has answered a command, left the set of nodes to wait
 * for (it said so, an operator forgot it, or it expired), or the timeout runs out. A node
 * that merely stays silent is waited for until the deadline: silence is not an answer. It
 * wakes on each answer or removal and at the moment an awaited node would expire, never
 * on a fixed period. The timeout runs on this deployer's monotonic clock, from when the
 * wait began: no node's clock, and no jump of this host's wall clock, moves it.
 */
public final class AnswerAwait {

	private final NginxNodes nodes;

	private final Ticker ticker;

	public AnswerAwait(NginxNodes nodes, Ticker ticker) {
		this.nodes = nodes;
		this.ticker = ticker;
	}

	public Settled await(NodeAnswers answers, Set<NodeId> expected, Predicate<NginxEvent> settles, Duration timeout)
			throws InterruptedException {
		long deadline = this.ticker.nanos() + timeout.toNanos();
		Set<NodeId> waitingFor = new LinkedHashSet<>(expected);
		Set<NodeId> left = new LinkedHashSet<>();
		while (true) {
			CompletableFuture<Void> change = answers.nextChange();
			Map<NodeId, NginxEvent> received = answers.answers();
			waitingFor.removeIf((node) -> received.containsKey(node) && settles.test(received.get(node)));
			for (NodeId node : Set.copyOf(waitingFor)) {
				if (!this.nodes.isMember(node)) {
					waitingFor.remove(node);
					left.add(node);
				}
			}
			long remaining = deadline - this.ticker.nanos();
			if (waitingFor.isEmpty() || remaining <= 0) {
				return new Settled(received, Set.copyOf(left), Set.copyOf(waitingFor));
			}
			// a millisecond past the wake-up, so the next look finds the deadline reached
			ChangeSignal.awaitAtMost(change, wakeUp(waitingFor, Duration.ofNanos(remaining)).plusMillis(1));
		}
	}

	private Duration wakeUp(Set<NodeId> waitingFor, Duration untilDeadline) {
		Duration wake = untilDeadline;
		for (NodeId node : waitingFor) {
			Duration expiry = this.nodes.untilExpiry(node).orElse(untilDeadline);
			wake = (expiry.compareTo(wake) < 0) ? expiry : wake;
		}
		return wake;
	}

}
