package dev.baton.nginx.observability;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.sync.NodeMetrics.CommandOutcome;
import dev.baton.nginx.sync.NodeMetrics.DrainOutcome;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerNodeMetricsTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint PEER = new Endpoint("127.0.0.1", 9001);

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final MicrometerNodeMetrics metrics = new MicrometerNodeMetrics(this.registry);

	@Test
	void commandLatencyIsTimedPerServiceAndOutcomeAndAClockAheadCountsAsZero() {
		this.metrics.commandAnswered(ORDERS, CommandOutcome.APPLIED, Duration.ofMillis(12));
		this.metrics.commandAnswered(ORDERS, CommandOutcome.APPLIED, Duration.ofMillis(-3));
		this.metrics.commandAnswered(ORDERS, CommandOutcome.REJECTED, Duration.ofMillis(4));

		Timer applied = timer("baton.nginx.command.applied", "applied");
		assertThat(applied.count()).isEqualTo(2);
		assertThat(applied.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(12);
		assertThat(timer("baton.nginx.command.applied", "rejected").count()).isEqualTo(1);
	}

	@Test
	void inFlightGaugeFollowsADrainingPeerAndGoesAwayWhenTheDrainEnds() {
		this.metrics.inFlight(ORDERS, PEER, 3);
		this.metrics.inFlight(ORDERS, PEER, 2);
		assertThat(this.registry.get("baton.nginx.inflight")
			.tags("service", "orders", "peer", "127.0.0.1:9001")
			.gauge()
			.value()).isEqualTo(2);

		this.metrics.drainEnded(ORDERS, PEER, DrainOutcome.TIMED_OUT, Duration.ofSeconds(30));

		assertThat(this.registry.find("baton.nginx.inflight").gauge()).isNull();
		assertThat(timer("baton.nginx.drain", "timed_out").totalTime(TimeUnit.SECONDS)).isEqualTo(30);
	}

	private Timer timer(String name, String outcome) {
		return this.registry.get(name).tags("service", "orders", "outcome", outcome).timer();
	}

}
