package dev.baton.health.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

import dev.baton.health.HealthApplication;
import dev.baton.health.fleet.ProbedInstances;
import dev.baton.health.support.Records;
import dev.baton.kafka.testing.TestKafka;

/**
 * Registers {@code instances} instances (default 1,000) on a real broker, all served by
 * one local non-blocking server, lets health-service probe them every {@code interval}
 * (default 1 s), and prints the probes per second achieved, the lateness of probes
 * against their schedule (p50, p99, max) and the CPU time used per 1,000 probes.
 *
 * <pre>
 * ./mvnw -q -B -pl health-service test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.baton.health.bench.ProbeBenchmark [-Dexec.args="1000 1000 30 8"]
 * </pre>
 *
 * Arguments: instances, interval in milliseconds, measured seconds, HTTP clients
 * ({@code baton.health.probe.http-clients}).
 */
public final class ProbeBenchmark {

	private static final Duration WARM_UP = Duration.ofSeconds(10);

	private ProbeBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		int instances = (args.length > 0) ? Integer.parseInt(args[0]) : 1000;
		long intervalMillis = (args.length > 1) ? Long.parseLong(args[1]) : 1000;
		int seconds = (args.length > 2) ? Integer.parseInt(args[2]) : 30;
		int httpClients = (args.length > 3) ? Integer.parseInt(args[3]) : 8;
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 3);
		broker.afterPropertiesSet();
		String prefix = "bench.";
		try (FleetServer server = new FleetServer(instances);
				TestKafka kafka = new TestKafka(broker.getBrokersAsString())) {
			createTopics(broker.getBrokersAsString(), prefix);
			ProbeRecorder recorder = new ProbeRecorder((int) (instances * seconds * 2000 / intervalMillis) + 10_000);
			try (ConfigurableApplicationContext health = start(broker.getBrokersAsString(), prefix, intervalMillis,
					httpClients, recorder)) {
				List<Integer> ports = server.ports();
				for (int i = 0; i < instances; i++) {
					String id = "bench-" + i;
					kafka.send(prefix + "registry.state", id, Records.registered(id, ports.get(i)));
				}
				ProbedInstances fleet = health.getBean(ProbedInstances.class);
				while (fleet.instances().size() < instances) {
					TimeUnit.MILLISECONDS.sleep(100); // polling a condition in a
														// benchmark, not a test
				}
				TimeUnit.MILLISECONDS.sleep(WARM_UP.toMillis());
				long connectionsBefore = server.connections();
				measure(recorder, instances, intervalMillis, seconds);
				System.out.printf("connections opened        %d while measuring (%d in all)%n",
						server.connections() - connectionsBefore, server.connections());
			}
		}
		finally {
			broker.destroy();
		}
	}

	private static void measure(ProbeRecorder recorder, int instances, long intervalMillis, int seconds)
			throws InterruptedException {
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory
			.getOperatingSystemMXBean();
		Map<String, Long> perThreadBefore = proberCpuByThread(threads);
		long proberCpuBefore = proberCpuNanos(threads);
		long processCpuBefore = os.getProcessCpuTime();
		long started = System.nanoTime();
		recorder.start();
		TimeUnit.SECONDS.sleep(seconds);
		recorder.stop();
		double elapsed = (System.nanoTime() - started) / 1e9;
		long proberCpu = proberCpuNanos(threads) - proberCpuBefore;
		long processCpu = os.getProcessCpuTime() - processCpuBefore;
		int probes = recorder.probes();
		System.out.printf("health-service probe benchmark, %s, %d cores, Java %s%n", Instant.now(),
				Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
		System.out.printf("instances                 %d at %d ms interval, measured %.1f s after %d s warm-up%n",
				instances, intervalMillis, elapsed, WARM_UP.toSeconds());
		System.out.printf("load average              %.2f (other processes share these cores)%n",
				os.getSystemLoadAverage());
		System.out.printf("probes/s achieved         %.1f (target %.1f), failed probes %s%n", probes / elapsed,
				instances * 1000.0 / intervalMillis, recorder.failures());
		System.out.printf("lateness p50 / p99 / max  %.2f / %.2f / %.2f ms%n", recorder.latenessMillis(50),
				recorder.latenessMillis(99), recorder.latenessMillis(100));
		System.out.printf(
				"CPU per 1,000 probes      %.1f ms in prober threads, %.1f ms whole JVM"
						+ " (broker, server and benchmark included)%n",
				proberCpu / 1e6 / probes * 1000, processCpu / 1e6 / probes * 1000);
		System.out.printf("prober threads            %d (live JVM threads %d)%n", proberThreads(threads).size(),
				threads.getThreadCount());
		proberCpuByThread(threads).forEach((name, cpu) -> System.out.printf("  %-40s %.1f ms CPU per 1,000 probes%n",
				name, (cpu - perThreadBefore.getOrDefault(name, 0L)) / 1e6 / probes * 1000));
	}

	private static ConfigurableApplicationContext start(String bootstrapServers, String prefix, long intervalMillis,
			int httpClients, ProbeRecorder recorder) {
		return new SpringApplicationBuilder(HealthApplication.class)
			.initializers((context) -> context.getBeanFactory().registerSingleton("benchmarkRecorder", recorder))
			.run("--spring.kafka.bootstrap-servers=" + bootstrapServers, "--server.port=0",
					"--baton.kafka.topic-prefix=" + prefix, "--baton.health.replica.name=bench",
					"--baton.health.probe.interval=" + intervalMillis + "ms",
					"--baton.health.probe.http-clients=" + httpClients, "--logging.level.org.apache.kafka=WARN",
					"--logging.level.kafka=WARN", "--logging.level.state.change.logger=WARN");
	}

	private static void createTopics(String bootstrapServers, String prefix) throws Exception {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
			admin.createTopics(List.of(
					new NewTopic(prefix + "registry.state", 3, (short) 1)
						.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)),
					new NewTopic(prefix + "deploy.steps", 3, (short) 1)))
				.all()
				.get(30, TimeUnit.SECONDS);
		}
	}

	/**
	 * The threads that probe: the scheduler, the HTTP client's completions and its
	 * selector.
	 */
	private static List<Long> proberThreads(ThreadMXBean threads) {
		return Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds()))
			.filter((info) -> info != null && isProber(info))
			.map(ThreadInfo::getThreadId)
			.toList();
	}

	private static boolean isProber(ThreadInfo info) {
		String name = info.getThreadName();
		return name.startsWith("baton-probe") || name.startsWith("HttpClient-")
				|| name.startsWith("CompletableFutureDelayScheduler");
	}

	private static Map<String, Long> proberCpuByThread(ThreadMXBean threads) {
		Map<String, Long> byName = new TreeMap<>();
		for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
			if (info != null && isProber(info)) {
				byName.merge(info.getThreadName(), Math.max(0, threads.getThreadCpuTime(info.getThreadId())),
						Long::sum);
			}
		}
		return byName;
	}

	private static long proberCpuNanos(ThreadMXBean threads) {
		return proberThreads(threads).stream().mapToLong(threads::getThreadCpuTime).filter((cpu) -> cpu > 0).sum();
	}

}
