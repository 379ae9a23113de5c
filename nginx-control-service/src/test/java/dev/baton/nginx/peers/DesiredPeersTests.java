package dev.baton.nginx.peers;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.Gate;
import dev.baton.contracts.GateKey;
import dev.baton.contracts.ServiceName;

import static org.assertj.core.api.Assertions.assertThat;

class DesiredPeersTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private final DesiredPeers desired = new DesiredPeers();

	@Test
	void peerIsUpOnlyWhenAdminAndHealthAreOpenAndDeployIsNotClosed() {
		this.desired.set(gate(Gate.ADMIN), true);
		assertThat(this.desired.peerSet(ORDERS).stateOf(PEER)).contains(false);

		this.desired.set(gate(Gate.HEALTH), true);
		assertThat(this.desired.peerSet(ORDERS).stateOf(PEER)).contains(true);

		this.desired.set(gate(Gate.DEPLOY), false);
		assertThat(this.desired.peerSet(ORDERS).stateOf(PEER)).contains(false);
	}

	@Test
	void peerWhoseLastGateIsRemovedLeavesTheUpstream() {
		this.desired.set(gate(Gate.ADMIN), true);
		this.desired.set(gate(Gate.HEALTH), true);

		this.desired.remove(gate(Gate.ADMIN));
		assertThat(this.desired.peerSet(ORDERS).stateOf(PEER)).contains(false);
		this.desired.remove(gate(Gate.HEALTH));

		assertThat(this.desired.peerSet(ORDERS).peers()).isEmpty();
	}

	@Test
	void equalSetsRenderEquallyWhateverTheOrderGatesArrived() {
		DesiredPeers other = new DesiredPeers();
		Endpoint second = new Endpoint("127.0.0.1", 9002);
		this.desired.set(gate(Gate.ADMIN), true);
		this.desired.set(new GateKey(ORDERS, second, Gate.ADMIN), true);
		other.set(new GateKey(ORDERS, second, Gate.ADMIN), true);
		other.set(gate(Gate.ADMIN), true);

		assertThat(this.desired.peerSet(ORDERS)).isEqualTo(other.peerSet(ORDERS));
		assertThat(this.desired.peerSet(ORDERS).render())
			.isEqualTo("127.0.0.1:9001 down 100\n127.0.0.1:9002 down 100\n");
	}

	@Test
	void peerTakesTheWeightOfItsOpenDeployGateAndIsFullOtherwise() {
		this.desired.set(gate(Gate.ADMIN), true);
		this.desired.set(gate(Gate.HEALTH), true);
		assertThat(this.desired.peerSet(ORDERS).peers()).singleElement().extracting(PeerState::weight).isEqualTo(100);

		this.desired.set(gate(Gate.DEPLOY), true, 25);
		PeerSet canary = this.desired.peerSet(ORDERS);
		assertThat(canary.peers()).singleElement().isEqualTo(new PeerState(PEER, true, 25));
		assertThat(canary.render()).isEqualTo("127.0.0.1:9001 up 25\n");
		assertThat(canary.weighted()).isTrue();

		this.desired.set(gate(Gate.DEPLOY), false, 25);
		PeerSet closed = this.desired.peerSet(ORDERS);
		assertThat(closed.peers()).singleElement().isEqualTo(new PeerState(PEER, false, 100));
		assertThat(closed.weighted()).isFalse();
	}

	@Test
	void aCanaryThatIsDownIsNotAWeightedSet() {
		this.desired.set(gate(Gate.ADMIN), true);
		this.desired.set(gate(Gate.DEPLOY), true, 10);

		assertThat(this.desired.peerSet(ORDERS).render()).isEqualTo("127.0.0.1:9001 down 10\n");
		assertThat(this.desired.peerSet(ORDERS).weighted()).isFalse();
	}

	@Test
	void eachSetCarriesItsRoutesSlowStartFirstAndASetWithoutOneRendersNone() {
		DesiredPeers ramping = new DesiredPeers(Map.of(ORDERS, Duration.ofMillis(1500)));
		ramping.set(gate(Gate.ADMIN), true);
		ramping.set(gate(Gate.HEALTH), true);
		this.desired.set(gate(Gate.ADMIN), true);
		this.desired.set(gate(Gate.HEALTH), true);

		assertThat(ramping.peerSet(ORDERS).slowStart()).isEqualTo(Duration.ofMillis(1500));
		assertThat(ramping.peerSet(ORDERS).render()).isEqualTo("slow-start 1.5\n127.0.0.1:9001 up 100\n");
		assertThat(ramping.peerSet(ServiceName.of("payments")).render()).isEmpty();
		assertThat(ramping.peerSet(ORDERS)).as("the same peers with another slow start")
			.isNotEqualTo(this.desired.peerSet(ORDERS));
		assertThat(new DesiredPeers(Map.of(ORDERS, Duration.ofSeconds(30))).peerSet(ORDERS).render())
			.isEqualTo("slow-start 30\n");
	}

	private static GateKey gate(Gate gate) {
		return new GateKey(ORDERS, PEER, gate);
	}

}
