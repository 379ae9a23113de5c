package dev.baton.nginx.dataplane;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.PeerState;

import static org.assertj.core.api.Assertions.assertThat;

class ActualPeersTests {

	@Test
	void peersAnswerCarriesEachPeersWeight() {
		ActualPeers actual = ActualPeers.parse(ServiceName.of("orders"),
				"version 4\nslow-start 0\n127.0.0.1:9001 up 2 25 1767261600000\n127.0.0.1:9002 down 0 100 0\n");

		assertThat(actual.version()).isEqualTo(4);
		assertThat(actual.peers().slowStart()).isZero();
		assertThat(actual.peers().peers()).containsExactly(new PeerState(new Endpoint("127.0.0.1", 9001), true, 25),
				new PeerState(new Endpoint("127.0.0.1", 9002), false, 100));
		assertThat(actual.inFlight()).containsEntry(new Endpoint("127.0.0.1", 9001), 2L);
	}

	@Test
	void peersAnswerCarriesTheSetsSlowStartToTheMillisecond() {
		ActualPeers actual = ActualPeers.parse(ServiceName.of("orders"),
				"version 7\nslow-start 30.005\n127.0.0.1:9001 up 0 100 1767261600000\n");

		assertThat(actual.peers().slowStart()).isEqualTo(Duration.ofMillis(30_005));
		assertThat(actual.peers().peers()).containsExactly(new PeerState(new Endpoint("127.0.0.1", 9001), true, 100));
	}

	@Test
	void peersAnswerWithoutASlowStartLineIsASetWithoutSlowStart() {
		ActualPeers actual = ActualPeers.parse(ServiceName.of("orders"), "version 1\n127.0.0.1:9001 up 0 100 5\n");

		assertThat(actual.peers().slowStart()).isZero();
		assertThat(actual.peers().peers()).hasSize(1);
	}

}
