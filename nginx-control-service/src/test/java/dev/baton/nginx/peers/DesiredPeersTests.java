package dev.baton.nginx.peers;

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
		assertThat(this.desired.peerSet(ORDERS).render()).isEqualTo("127.0.0.1:9001 down\n127.0.0.1:9002 down\n");
	}

	private static GateKey gate(Gate gate) {
		return new GateKey(ORDERS, PEER, gate);
	}

}
