package dev.baton.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * How long {@code baton status} takes to start, in one run, side by side: the command as
 * {@code ./baton} runs it (with the CLI's class-data-sharing archive, which the first
 * call trains) against the plain {@code java -jar} it was before. For each, ten runs
 * interleaved: the time from the process's start to its first Kafka request (its first
 * connection to the bootstrap address, a socket that accepts and answers nothing), and
 * the whole command against a real broker holding a small fleet. Run after packaging the
 * CLI:
 * {@code ./mvnw -q -B -pl cli -am package -DskipTests && ./mvnw -q -B -pl cli test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.baton.cli.CliStartupBenchmark}.
 */
public final class CliStartupBenchmark {

	private static final int RUNS = 10;

	/** The JVM options {@code ./baton} gives the CLI, without the archive. */
	private static final List<String> JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k");

	private CliStartupBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		// Maven runs it from the repository's root, or from the module with -f
		Path here = Path.of("").toAbsolutePath();
		Path root = Files.exists(here.resolve("baton")) ? here : here.getParent();
		Path jar = root.resolve("cli/target/baton-cli.jar");
		if (!Files.isRegularFile(jar) || !Files.isExecutable(root.resolve("baton"))) {
			throw new IllegalStateException("package the CLI first: no " + jar);
		}
		Path home = Files.createDirectories(root.resolve("cli/target/bench/startup-" + ProcessHandle.current().pid()));
		EmbeddedKafkaKraftBroker broker = new EmbeddedKafkaKraftBroker(1, 1);
		broker.afterPropertiesSet();
		try (CliBench fleet = new CliBench(broker.getBrokersAsString());
				ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			seed(fleet);
			List<String> plain = new ArrayList<>(List.of("java"));
			plain.addAll(JVM_OPTIONS);
			plain.addAll(List.of("-jar", jar.toString()));
			List<String> wrapper = List.of(root.resolve("baton").toString());
			// the wrapper's first call trains the archive: not measured
			run(wrapper, home, "status", "--bootstrap-servers", "127.0.0.1:9", "--connect-timeout", "1s");
			String silentAddress = "127.0.0.1:" + silent.getLocalPort();
			List<String> status = List.of("status", "--bootstrap-servers", broker.getBrokersAsString(),
					"--topic-prefix", fleet.topic(""));
			Figures plainFigures = new Figures();
			Figures archived = new Figures();
			for (int i = 0; i < RUNS; i++) {
				plainFigures.firstRequest.add(firstRequest(plain, home, silent, silentAddress));
				archived.firstRequest.add(firstRequest(wrapper, home, silent, silentAddress));
				plainFigures.whole.add(run(plain, home, status.toArray(String[]::new)));
				archived.whole.add(run(wrapper, home, status.toArray(String[]::new)));
			}
			System.out.printf("%n`baton status`, %d runs each, interleaved (load average %.1f at the end)%n%n", RUNS,
					loadAverage());
			System.out.println("| command | to first Kafka request: median / max | whole command: median / max |");
			System.out.println("| --- | ---: | ---: |");
			plainFigures.print("java -jar (before)");
			archived.print("./baton (class-data archive)");
		}
		finally {
			broker.destroy();
		}
	}

	/** Two instances registered, with the gates and events status reads. */
	private static void seed(CliBench fleet) {
		for (int port : List.of(9001, 9002)) {
			String id = "orders-" + port;
			fleet.send("registry.state", id,
					"{\"instanceId\":\"" + id + "\",\"service\":\"orders\",\"host\":\"127.0.0.1\"," + "\"port\":" + port
							+ ",\"version\":\"v1\",\"lifecycle\":\"ONLINE\"}");
		}
		fleet.send("nginx.commands", "orders/127.0.0.1:9001/DEPLOY", "{\"open\":true}");
		fleet.send("deploy.steps", "orders", "{}");
		fleet.send("nginx.events", "node-1", "{}");
	}

	/**
	 * Milliseconds from start to the first connection to the silent bootstrap address.
	 */
	private static long firstRequest(List<String> command, Path home, ServerSocket silent, String address)
			throws IOException, InterruptedException {
		List<String> all = new ArrayList<>(command);
		all.addAll(List.of("status", "--bootstrap-servers", address, "--connect-timeout", "5s"));
		long start = System.nanoTime();
		Process process = start(all, home);
		try (Socket first = silent.accept()) {
			return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		}
		finally {
			// the wrapper's JVM too, before it connects again
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly().waitFor();
		}
	}

	/** Milliseconds the whole command took. */
	private static long run(List<String> command, Path home, String... args) throws IOException, InterruptedException {
		List<String> all = new ArrayList<>(command);
		all.addAll(List.of(args));
		long start = System.nanoTime();
		Process process = start(all, home);
		if (!process.waitFor(2, TimeUnit.MINUTES)) {
			process.destroyForcibly();
			throw new IllegalStateException("still running after 2 minutes: " + all);
		}
		long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		if (process.exitValue() != ExitCode.OK && !all.contains("127.0.0.1:9")) {
			throw new IllegalStateException("exit " + process.exitValue() + " from " + all);
		}
		return millis;
	}

	private static Process start(List<String> command, Path home) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		// the wrapper keeps its archive under its home; no installation's settings apply
		Map<String, String> environment = builder.environment();
		environment.put("BATON_HOME", home.toString());
		environment.put("BATON_CONFIG", home.resolve("none.properties").toString());
		environment.put("BATON_REGISTRY_TOKEN", "unused");
		return builder.start();
	}

	private static double loadAverage() throws IOException {
		return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
	}

	private static final class Figures {

		private final List<Long> firstRequest = new ArrayList<>();

		private final List<Long> whole = new ArrayList<>();

		void print(String name) {
			System.out.printf("| %s | %s | %s |%n", name, describe(this.firstRequest), describe(this.whole));
		}

		private static String describe(List<Long> millis) {
			List<Long> sorted = millis.stream().sorted().toList();
			return String.format("%.2f / %.2f s", sorted.get(sorted.size() / 2) / 1000.0,
					sorted.get(sorted.size() - 1) / 1000.0);
		}

	}

}
