package dev.baton.nginx.observability;

import java.util.List;
import java.util.Set;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerTally;

import static org.assertj.core.api.Assertions.assertThat;

class MicrometerPeerMetricsTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Endpoint A = new Endpoint("127.0.0.1", 9001);

	private static final Endpoint B = new Endpoint("127.0.0.1", 9002);

	private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	private final MicrometerPeerMetrics metrics = new MicrometerPeerMetrics(this.registry);

	@Test
	void everyPeerInTheSetHasItsSeriesFromZeroAndIntervalsAddUp() {
		this.metrics.counted(ORDERS, Set.of(A, B), List.of());
		assertThat(series(
				"baton_nginx_peer_requests_total{outcome=\"success\",peer=\"127.0.0.1:9002\",service=\"orders\"}"))
			.isZero();

		this.metrics.counted(ORDERS, Set.of(A, B), List.of(tally(A, 10, 2, 1, List.of(3L, 0L, 7L))));
		this.metrics.counted(ORDERS, Set.of(A, B), List.of(tally(A, 5, 0, 0, List.of(5L, 0L, 0L))));

		assertThat(series(requests("success"))).isEqualTo(13);
		assertThat(series(requests("server_error"))).isEqualTo(2);
		assertThat(series("baton_nginx_peer_connect_failures_total{peer=\"127.0.0.1:9001\",service=\"orders\"}"))
			.isEqualTo(1);
		assertThat(series(within("0.005"))).isEqualTo(8);
		assertThat(series(within("0.01"))).isEqualTo(8);
		assertThat(series(within("0.025"))).isEqualTo(15);
		assertThat(series(within("5"))).isEqualTo(15);
		assertThat(series(within("+Inf"))).isEqualTo(15);
	}

	@Test
	void aPeerThatLeftTheSetLosesItsSeries() {
		this.metrics.counted(ORDERS, Set.of(A, B), List.of(tally(A, 1, 0, 0, List.of(1L))));

		this.metrics.counted(ORDERS, Set.of(B), List.of());

		String exposition = this.registry.scrape();
		assertThat(exposition).doesNotContain("127.0.0.1:9001").contains("127.0.0.1:9002");
	}

	private static String requests(String outcome) {
		return "baton_nginx_peer_requests_total{outcome=\"" + outcome
				+ "\",peer=\"127.0.0.1:9001\",service=\"orders\"}";
	}

	private static String within(String le) {
		return "baton_nginx_peer_requests_within_total{le=\"" + le + "\",peer=\"127.0.0.1:9001\",service=\"orders\"}";
	}

	/** The first latency buckets as given, the others empty. */
	private static PeerTally tally(Endpoint peer, long requests, long serverErrors, long connectFailures,
			List<Long> first) {
		Long[] buckets = new Long[11];
		for (int i = 0; i < buckets.length; i++) {
			buckets[i] = (i < first.size()) ? first.get(i) : 0L;
		}
		return new PeerTally(peer.host(), peer.port(), requests, serverErrors, connectFailures, List.of(buckets));
	}

	private double series(String series) {
		return this.registry.scrape()
			.lines()
			.filter((line) -> line.startsWith(series + " "))
			.mapToDouble((line) -> Double.parseDouble(line.substring(series.length() + 1).trim().split(" ")[0]))
			.findFirst()
			.orElse(-1);
	}

}
