package dev.baton.nginx.observability;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.nginx.PeerStats;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.nginx.stats.PeerMetrics;

/**
 * The peers' request statistics in Micrometer, on {@code /actuator/prometheus}, for every
 * peer in a set (registered at 0 when it joins, removed when it leaves):
 * <ul>
 * <li>{@value #REQUESTS} (counter; tags {@code service}, {@code peer}, {@code outcome} =
 * success | server_error): tries that reached the peer and ended, a 5xx being a server
 * error;</li>
 * <li>{@value #CONNECT_FAILURES} (counter; tags {@code service}, {@code peer}): tries
 * nginx could not connect to the peer for;</li>
 * <li>{@value #WITHIN} (counter; tags {@code service}, {@code peer}, {@code le} in
 * seconds, {@code +Inf} for all): tries that ended within {@code le} of nginx choosing
 * the peer, cumulative like a Prometheus histogram's buckets, so that
 * {@code histogram_quantile} works on their rates.</li>
 * </ul>
 * nginx counts per request; these follow nginx's counters once per
 * {@code stats.interval}.
 */
public class MicrometerPeerMetrics implements PeerMetrics {

	static final String REQUESTS = "baton.nginx.peer.requests";

	static final String CONNECT_FAILURES = "baton.nginx.peer.connect.failures";

	static final String WITHIN = "baton.nginx.peer.requests.within";

	private final MeterRegistry registry;

	private final Map<ServiceName, Map<Endpoint, PeerSeries>> series = new ConcurrentHashMap<>();

	public MicrometerPeerMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void counted(ServiceName service, Set<Endpoint> peers, List<PeerTally> interval) {
		Map<Endpoint, PeerSeries> known = this.series.computeIfAbsent(service, (key) -> new ConcurrentHashMap<>());
		peers.forEach((peer) -> known.computeIfAbsent(peer, (key) -> register(service, key)));
		known.entrySet().removeIf((entry) -> {
			if (peers.contains(entry.getKey())) {
				return false;
			}
			entry.getValue().meters().forEach(this.registry::remove);
			return true;
		});
		for (PeerTally tally : interval) {
			PeerSeries counters = known.get(tally.endpoint());
			if (counters != null) {
				counters.add(tally);
			}
		}
	}

	private PeerSeries register(ServiceName service, Endpoint peer) {
		String[] tags = { "service", service.value(), "peer", peer.address() };
		Counter success = requests(tags, "success");
		Counter serverErrors = requests(tags, "server_error");
		Counter connectFailures = Counter.builder(CONNECT_FAILURES)
			.description("tries nginx could not connect to the peer for")
			.tags(tags)
			.register(this.registry);
		List<Counter> within = new ArrayList<>();
		for (int millis : PeerStats.LATENCY_BUCKETS_MILLIS) {
			within.add(within(tags, BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString()));
		}
		within.add(within(tags, "+Inf"));
		return new PeerSeries(success, serverErrors, connectFailures, within);
	}

	private Counter requests(String[] tags, String outcome) {
		return Counter.builder(REQUESTS)
			.description("tries that reached the peer and ended, by outcome (a 5xx is a server error)")
			.tags(tags)
			.tag("outcome", outcome)
			.register(this.registry);
	}

	private Counter within(String[] tags, String le) {
		return Counter.builder(WITHIN)
			.description("tries that ended within le seconds of nginx choosing the peer (cumulative buckets)")
			.tags(tags)
			.tag("le", le)
			.register(this.registry);
	}

	private record PeerSeries(Counter success, Counter serverErrors, Counter connectFailures, List<Counter> within) {

		void add(PeerTally tally) {
			this.success.increment(tally.requests() - tally.serverErrors());
			this.serverErrors.increment(tally.serverErrors());
			this.connectFailures.increment(tally.connectFailures());
			long cumulative = 0;
			for (int bucket = 0; bucket < tally.latencyBuckets().size(); bucket++) {
				cumulative += tally.latencyBuckets().get(bucket);
				this.within.get(bucket).increment(cumulative);
			}
		}

		List<Meter> meters() {
			List<Meter> meters = new ArrayList<>(List.of(this.success, this.serverErrors, this.connectFailures));
			meters.addAll(this.within);
			return meters;
		}

	}

}
