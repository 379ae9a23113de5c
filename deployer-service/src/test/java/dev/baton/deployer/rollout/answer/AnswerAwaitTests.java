package dev.baton.deployer.rollout.answer;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import dev.baton.clock.Ticker;
import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.deployer.fleet.NginxNodes;

import static org.assertj.core.api.Assertions.assertThat;

class AnswerAwaitTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final NodeId A = NodeId.of("a");

	private static final NodeId B = NodeId.of("b");

	private final AtomicLong nodesNanos = new AtomicLong();

	private final NginxNodes nodes = new NginxNodes(this.nodesNanos::get, Duration.ofMinutes(10),
			(node, action, reason) -> {
			});

	private final NodeAnswers answers = new NodeAnswers(CommandId.of("c-1"), ORDERS, new Endpoint("127.0.0.1", 9001));

	@Test
	void aNodeThatAnsweredSettlesAndASilentOneIsWaitedForUntilTheDeployersOwnTickerPassesTheTimeout()
			throws InterruptedException {
		// the nodes' clocks five minutes off the deployer's either way: no time they
		// stamp enters the wait
		this.nodes.follow(new NodeHeartbeat(A, "e", List.of(), 1000, Instant.now().plus(Duration.ofMinutes(5))));
		this.nodes.follow(new NodeHeartbeat(B, "e", List.of(), 1000, Instant.now().minus(Duration.ofMinutes(5))));
		this.answers.answer(new PeerDrained(A, CommandId.of("c-1"), ORDERS, "127.0.0.1", 9001, 3,
				Instant.now().minus(Duration.ofHours(1))));
		// each reading of the deployer's ticker a second later than the one before
		AtomicLong seconds = new AtomicLong();
		Ticker ticker = () -> Duration.ofSeconds(seconds.getAndIncrement()).toNanos();

		Settled settled = new AnswerAwait(this.nodes, ticker).await(this.answers, Set.of(A, B), (event) -> true,
				Duration.ofMillis(1_500));

		assertThat(settled.answers()).containsOnlyKeys(A);
		assertThat(settled.missing()).containsExactly(B);
		assertThat(settled.left()).isEmpty();
		// the start, a look half a second short of the deadline, a look past it
		assertThat(seconds.get()).isEqualTo(3);
	}

	@Test
	void aNodeThatExpiresWhileAwaitedIsNoLongerWaitedFor() throws InterruptedException {
		this.nodes.follow(new NodeHeartbeat(A, "e", List.of(), 1000, Instant.now()));
		this.nodesNanos.addAndGet(Duration.ofMinutes(10).toNanos());

		Settled settled = new AnswerAwait(this.nodes, Ticker.SYSTEM).await(this.answers, Set.of(A), (event) -> true,
				Duration.ofMinutes(1));

		assertThat(settled.left()).containsExactly(A);
		assertThat(settled.missing()).isEmpty();
	}

}
