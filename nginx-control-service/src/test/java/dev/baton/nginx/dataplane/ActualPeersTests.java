package dev.baton.nginx.dataplane;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.PeerState;

import static org.assertj.core.api.Assertions.assertThat;

class ActualPeersTests {

	@Test
	void peersAnswerCarriesEachPeersWeight() {
		ActualPeers actual = ActualPeers.parse(ServiceName.of("orders"),
				"version 4\n127.0.0.1:9001 up 2 25 1767261600000\n127.0.0.1:9002 down 0 100 0\n");

		assertThat(actual.version()).isEqualTo(4);
		assertThat(actual.peers().peers()).containsExactly(new PeerState(new Endpoint("127.0.0.1", 9001), true, 25),
				new PeerState(new Endpoint("127.0.0.1", 9002), false, 100));
		assertThat(actual.inFlight()).containsEntry(new Endpoint("127.0.0.1", 9001), 2L);
	}

}
