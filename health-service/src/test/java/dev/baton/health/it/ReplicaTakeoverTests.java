package dev.baton.health.it;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.contracts.InstanceId;
import dev.baton.health.support.Records;
import dev.baton.health.support.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two replicas sharing the fleet, then one of them dying: the scenario of the acceptance
 * criteria, run by the integration test classes.
 */
final class ReplicaTakeoverTests {

	private static final Logger logger = LoggerFactory.getLogger(ReplicaTakeoverTests.class);

	private static final Duration INTERVAL = Duration.ofMillis(300);

	private static final Duration PATIENCE = Duration.ofSeconds(60);

	private final HealthHarness harness;

	private final Map<String, TestInstance> instances = new LinkedHashMap<>();

	ReplicaTakeoverTests(HealthHarness harness) {
		this.harness = harness;
	}

	void run() {
		for (String id : idsCoveringEveryPartition()) {
			TestInstance instance = this.harness.instance();
			this.instances.put(id, instance);
			this.harness.registry(id, Records.registered(id, instance.port()));
		}
		ConfigurableApplicationContext first = this.harness.startReplica("r1",
				"baton.health.probe.interval=" + INTERVAL.toMillis() + "ms");
		ConfigurableApplicationContext second = this.harness.startReplica("r2",
				"baton.health.probe.interval=" + INTERVAL.toMillis() + "ms");
		await().atMost(PATIENCE).until(() -> split(first, second));

		Instant window = Instant.now().plus(INTERVAL);
		await().atMost(PATIENCE)
			.until(() -> this.instances.values()
				.stream()
				.allMatch((instance) -> probesSince(instance, window).size() >= 4));
		Set<InstanceId> firstOwns = HealthHarness.fleet(first);
		this.instances.forEach((id, instance) -> {
			String owner = firstOwns.contains(InstanceId.of(id)) ? "r1" : "r2";
			assertThat(probesSince(instance, window)).as("probers of %s", id)
				.extracting(TestInstance.Probe::prober)
				.containsOnly(owner);
		});

		Instant killedAt = Instant.now();
		first.close();
		await().atMost(PATIENCE).until(() -> HealthHarness.fleet(second).size() == this.instances.size());
		Duration rebalance = Duration.between(killedAt, Instant.now());
		Instant after = Instant.now().plus(INTERVAL.multipliedBy(3));
		await().atMost(PATIENCE)
			.until(() -> this.instances.values()
				.stream()
				.allMatch((instance) -> !probesSince(instance, after).isEmpty()));
		this.instances.forEach((id, instance) -> {
			Duration gap = longestGap(instance, killedAt.minus(INTERVAL.multipliedBy(2)));
			logger.info("{}: longest gap {} ms across the takeover (rebalance {} ms)", id, gap.toMillis(),
					rebalance.toMillis());
			assertThat(gap).as("longest gap between probes of %s", id)
				.isLessThanOrEqualTo(rebalance.plus(INTERVAL).plus(SLACK));
			assertThat(probesSince(instance, after)).extracting(TestInstance.Probe::prober).containsOnly("r2");
		});
	}

	/** Poll granularity of the rebalance measurement and scheduling noise. */
	private static final Duration SLACK = Duration.ofMillis(250);

	private boolean split(ConfigurableApplicationContext first, ConfigurableApplicationContext second) {
		Set<InstanceId> one = HealthHarness.fleet(first);
		Set<InstanceId> two = HealthHarness.fleet(second);
		Set<InstanceId> all = new HashSet<>(one);
		all.addAll(two);
		return !one.isEmpty() && !two.isEmpty() && all.size() == one.size() + two.size()
				&& all.size() == this.instances.size();
	}

	private static List<TestInstance.Probe> probesSince(TestInstance instance, Instant since) {
		return instance.probes().stream().filter((probe) -> !probe.at().isBefore(since)).toList();
	}

	private static Duration longestGap(TestInstance instance, Instant since) {
		List<TestInstance.Probe> probes = probesSince(instance, since);
		Duration longest = Duration.ZERO;
		for (int i = 1; i < probes.size(); i++) {
			Duration gap = Duration.between(probes.get(i - 1).at(), probes.get(i).at());
			longest = (gap.compareTo(longest) > 0) ? gap : longest;
		}
		return longest;
	}

	/**
	 * Two instance ids per registry partition, as Kafka's default partitioner places
	 * them.
	 */
	private static List<String> idsCoveringEveryPartition() {
		Map<Integer, List<String>> byPartition = new LinkedHashMap<>();
		for (int n = 1; byPartition.values().stream().mapToInt(List::size).sum() < 2 * HealthHarness.PARTITIONS; n++) {
			String id = "orders-" + n;
			int partition = Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8)))
					% HealthHarness.PARTITIONS;
			List<String> ids = byPartition.computeIfAbsent(partition, (p) -> new ArrayList<>());
			if (ids.size() < 2) {
				ids.add(id);
			}
		}
		return byPartition.values().stream().flatMap(List::stream).collect(Collectors.toList());
	}

}
