package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.baton.clock.Ticker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.NodeId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.NodeHeartbeat;
import dev.baton.contracts.nginx.UpstreamPeer;
import dev.baton.nginx.peers.DesiredPeers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class HeartbeatTests {

	private static final NodeId NODE = NodeId.of("node-1");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final ServiceName BILLING = ServiceName.of("billing");

	private final List<NginxEvent> events = new CopyOnWriteArrayList<>();

	private final RecordingControl control = new RecordingControl();

	private final RecordingMetrics metrics = new RecordingMetrics();

	private final DrainTracker drains = new DrainTracker(NODE, this.control, this.events::add, this.metrics,
			Clock.systemUTC(), Ticker.SYSTEM, Duration.ofMillis(5));

	private final DesiredPeers desired = new DesiredPeers();

	private final PeerSync sync = new PeerSync(NODE, Set.of(ORDERS, BILLING), this.desired, this.control,
			this.events::add, this.drains, this.metrics, Clock.systemUTC(),
			new SyncSchedule(Duration.ofMillis(50), Duration.ofSeconds(1)));

	private final Heartbeat heartbeat = new Heartbeat(NODE, List.of(BILLING, ORDERS), this.sync, this.desired,
			this.events::add, Clock.systemUTC(), Duration.ofMinutes(1));

	@AfterEach
	void stop() {
		this.heartbeat.close();
		this.sync.close();
		this.drains.close();
	}

	@Test
	void heartbeatCarriesThePeersOfEveryUpstreamTheNodeServesWithTheirStateAndWeight() {
		Endpoint first = new Endpoint("127.0.0.1", 9001);
		Endpoint second = new Endpoint("127.0.0.1", 9002);
		List.of(Gate.ADMIN, Gate.HEALTH).forEach((gate) -> {
			this.desired.set(new GateKey(ORDERS, first, gate), true);
			this.desired.set(new GateKey(ORDERS, second, gate), true);
		});
		this.desired.set(new GateKey(ORDERS, first, Gate.DEPLOY), true, 22);
		this.desired.set(new GateKey(ORDERS, second, Gate.DEPLOY), false);

		this.heartbeat.start();

		await().until(() -> !this.events.isEmpty());
		assertThat(this.events.get(0)).isInstanceOfSatisfying(NodeHeartbeat.class,
				(beat) -> assertThat(beat.peers()).containsExactly(
						new UpstreamPeer(ORDERS, "127.0.0.1", 9001, true, 22),
						new UpstreamPeer(ORDERS, "127.0.0.1", 9002, false, 100)));
	}

}
