package dev.baton.nginx.observability;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.sync.NodeMetrics;

/**
 * The node's metrics in Micrometer, exported on {@code /actuator/prometheus}:
 * <ul>
 * <li>{@value #COMMAND_APPLIED} (timer; tags {@code service}, {@code outcome} = applied |
 * rejected): from the command record's Kafka timestamp, which is the producer's clock
 * (CreateTime, the topic's default), to nginx confirming the new peer set on this node's
 * clock, so skew between the two hosts is part of the figure; a producer clock ahead of
 * this one is counted as 0;</li>
 * <li>{@value #DRAIN} (timer; tags {@code service}, {@code outcome} = drained |
 * timed_out): from nginx no longer choosing the peer to its in-flight count reaching 0,
 * the figure {@code PeerDrained} carries (or to the timeout);</li>
 * <li>{@value #IN_FLIGHT} (gauge; tags {@code service}, {@code peer}): requests still in
 * flight on a peer being drained, present only while it drains.</li>
 * </ul>
 * Both timers publish histogram buckets, so a p99 can be computed across nodes.
 */
public class MicrometerNodeMetrics implements NodeMetrics {

	static final String COMMAND_APPLIED = "baton.nginx.command.applied";

	static final String DRAIN = "baton.nginx.drain";

	static final String IN_FLIGHT = "baton.nginx.inflight";

	private final MeterRegistry registry;

	private final Map<String, Draining> draining = new ConcurrentHashMap<>();

	public MicrometerNodeMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void commandAnswered(ServiceName service, CommandOutcome outcome, Duration sinceWritten) {
		timer(COMMAND_APPLIED, "gate command record written to the peer set confirmed by nginx", service, outcome)
			.record(sinceWritten.isNegative() ? Duration.ZERO : sinceWritten);
	}

	@Override
	public void drainEnded(ServiceName service, Endpoint peer, DrainOutcome outcome, Duration took) {
		timer(DRAIN, "peer out of rotation in nginx to no request in flight", service, outcome).record(took);
		Draining ended = this.draining.remove(key(service, peer));
		if (ended != null) {
			this.registry.remove(ended.gauge());
		}
	}

	@Override
	public void inFlight(ServiceName service, Endpoint peer, long count) {
		this.draining.computeIfAbsent(key(service, peer), (key) -> {
			AtomicLong value = new AtomicLong();
			Gauge gauge = Gauge.builder(IN_FLIGHT, value, AtomicLong::get)
				.description("requests in flight on a peer being drained")
				.tags("service", service.value(), "peer", peer.address())
				.register(this.registry);
			return new Draining(value, gauge);
		}).count().set(count);
	}

	private Timer timer(String name, String description, ServiceName service, Enum<?> outcome) {
		return Timer.builder(name)
			.description(description)
			.tags("service", service.value(), "outcome", outcome.name().toLowerCase(Locale.ROOT))
			.publishPercentileHistogram()
			.minimumExpectedValue(Duration.ofMillis(1))
			.maximumExpectedValue(Duration.ofMinutes(1))
			.register(this.registry);
	}

	private static String key(ServiceName service, Endpoint peer) {
		return service.value() + "/" + peer.address();
	}

	private record Draining(AtomicLong count, Gauge gauge) {
	}

}
