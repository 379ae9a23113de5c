package dev.baton.nginx.dataplane;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class UpstreamCountersTests {

	@Test
	void readsTheEpochAndEveryPeersCounters() {
		UpstreamCounters counters = UpstreamCounters
			.parse("epoch 17-42-9\n127.0.0.1:9001 10 2 1 3 4 0 0 0 0 0 0 0 0 3\n"
					+ "[::1]:9002 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");

		assertThat(counters.epoch()).isEqualTo("17-42-9");
		assertThat(counters.peers())
			.containsEntry(new Endpoint("127.0.0.1", 9001),
					new PeerCounters(10, 2, 1, List.of(3L, 4L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 3L)))
			.containsEntry(new Endpoint("::1", 9002), PeerCounters.NONE);
	}

	@Test
	void refusesAnAnswerThatIsNotStatistics() {
		assertThatExceptionOfType(ControlRefusedException.class)
			.isThrownBy(() -> UpstreamCounters.parse("version 3\n"));
		assertThatExceptionOfType(ControlRefusedException.class)
			.isThrownBy(() -> UpstreamCounters.parse("epoch 1\n127.0.0.1:9001 1 0 0\n"));
	}

}
