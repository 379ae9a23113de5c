package dev.baton.health.bench;

import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import com.sun.management.OperatingSystemMXBean;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.health.probe.HttpProber;
import dev.baton.health.probe.ProbeOutcome;
import dev.baton.health.probe.ProbeSettings;
import dev.baton.health.probe.ProbeTarget;
import dev.baton.health.probe.VersionReader;
import dev.baton.kafka.testing.FreePorts;

/**
 * What a probe of an address where nothing listens costs this process in CPU, as
 * health-service sends one every fast interval while a deploy restarts an instance: the
 * HTTP client's refused request against the plain connection that {@link HttpProber}
 * tries first after a refusal. Rounds alternate, and each prints CPU per probe.
 *
 * <pre>
 * ./mvnw -q -B -pl health-service test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.baton.health.bench.RefusedProbeBenchmark [-Dexec.args="2000 5"]
 * </pre>
 *
 * Arguments: probes per round, rounds of each.
 */
public final class RefusedProbeBenchmark {

	private RefusedProbeBenchmark() {
	}

	public static void main(String[] args) {
		int probes = (args.length > 0) ? Integer.parseInt(args[0]) : 2000;
		int rounds = (args.length > 1) ? Integer.parseInt(args[1]) : 5;
		ProbeSettings settings = new ProbeSettings(Duration.ofSeconds(1), Duration.ofMillis(500), 2, 2,
				Duration.ofMillis(20), "version", Pattern.compile("ok (\\S+)"));
		HttpProber prober = new HttpProber(
				List.of(HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build()),
				new VersionReader(JsonMapper.builder().build()), Clock.systemUTC(), "bench", 1024,
				ForkJoinPool.commonPool());
		ProbeTarget nobody = new ProbeTarget(InstanceId.of("gone-1"), ServiceName.of("gone"),
				new Endpoint("127.0.0.1", FreePorts.next()), "/health");
		System.out.printf("CPU per refused probe, %d probes a round, one at a time:%n", probes);
		System.out.printf("%-6s %22s %22s%n", "round", "HTTP client (ms)", "connection first (ms)");
		for (int round = 1; round <= rounds; round++) {
			double http = cpuMillisPerProbe(probes, () -> prober.probe(nobody, settings));
			double connection = cpuMillisPerProbe(probes, () -> prober.probeAfterRefusal(nobody, settings));
			System.out.printf("%-6d %22.3f %22.3f%n", round, http, connection);
		}
	}

	private static double cpuMillisPerProbe(int probes, Supplier<CompletableFuture<ProbeOutcome>> probe) {
		OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		long before = os.getProcessCpuTime();
		for (int i = 0; i < probes; i++) {
			ProbeOutcome outcome = probe.get().join();
			if (!outcome.refused()) {
				throw new IllegalStateException("expected a refusal, got " + outcome);
			}
		}
		return (os.getProcessCpuTime() - before) / 1e6 / probes;
	}

}
