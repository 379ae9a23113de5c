package dev.baton.nginx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * wrk through every upstream of the front nginx, interleaved over several rounds so that
 * a machine whose load changes during the run weighs on every upstream alike, with the
 * CPU time the front worker spent per request. Prints one row per upstream (median of the
 * rounds), its throughput against the static upstream's and its CPU per request over the
 * bare {@code balancer_by_lua}'s with as many peers: the median of each round's
 * difference, on which a load that drifts between rounds weighs less than on a difference
 * of medians. It also counts the TCP connections the machine opened per 1,000 requests
 * (wrk's own included), which shows whether the front nginx reused its connections to the
 * peers. Where there is a ruler (the bare balancer plus a known CPU time of work), it
 * also prints Baton's CPU per request against the ruler's: the median of each round's
 * difference.
 */
final class ThroughputRounds {

	private static final int ROUNDS = 7;

	private static final Wrk WRK = new Wrk(1, 32, 3);

	private static final Wrk WARM_UP = new Wrk(1, 32, 2);

	/**
	 * Before each measured run: opens again the idle connections to the peers that the
	 * upstream keeps, which nginx closed 10 s after its last round (a round takes
	 * longer), so that no upstream's run pays for connecting.
	 */
	private static final Wrk PRIME = new Wrk(1, 32, 1);

	/**
	 * One upstream of the front nginx.
	 *
	 * @param peers how many peers it has
	 * @param label what it is
	 * @param port where the front nginx serves it
	 */
	record Upstream(int peers, String label, int port) {
	}

	private final BenchNginx front;

	private final Map<Upstream, List<Wrk.Result>> results = new LinkedHashMap<>();

	private final Map<Upstream, List<Double>> cpu = new LinkedHashMap<>();

	private final Map<Upstream, List<Double>> kernelShares = new LinkedHashMap<>();

	private final Map<Upstream, List<Double>> connections = new LinkedHashMap<>();

	private final Map<Integer, Long> sent = new LinkedHashMap<>();

	ThroughputRounds(BenchNginx front) {
		this.front = front;
	}

	/**
	 * Runs the rounds.
	 * @param upstreams the upstreams, the static one first for each count of peers, then
	 * the bare balancer
	 */
	void run(List<Upstream> upstreams) {
		double loadBefore = load();
		upstreams.forEach((upstream) -> count(upstream, WARM_UP.run(upstream.port())));
		for (int round = 0; round < ROUNDS; round++) {
			for (Upstream upstream : upstreams) {
				count(upstream, PRIME.run(upstream.port()));
				BenchNginx.WorkerCpu before = this.front.workerCpu();
				long opened = activeOpens();
				Wrk.Result result = WRK.run(upstream.port());
				count(upstream, result);
				this.connections.computeIfAbsent(upstream, (key) -> new ArrayList<>())
					.add((activeOpens() - opened) * 1000.0 / result.requests());
				this.results.computeIfAbsent(upstream, (key) -> new ArrayList<>()).add(result);
				BenchNginx.WorkerCpu after = this.front.workerCpu();
				this.cpu.computeIfAbsent(upstream, (key) -> new ArrayList<>())
					.add((after.nanos() - before.nanos()) / 1000.0 / result.requests());
				this.kernelShares.computeIfAbsent(upstream, (key) -> new ArrayList<>())
					.add(after.kernelShareSince(before));
			}
		}
		print(upstreams, loadBefore, load());
	}

	/**
	 * How many requests wrk completed through a port over all runs, warm-up included.
	 * @param port the port
	 * @return the requests
	 */
	long sent(int port) {
		return this.sent.getOrDefault(port, 0L);
	}

	private void count(Upstream upstream, Wrk.Result result) {
		this.sent.merge(upstream.port(), result.requests(), Long::sum);
	}

	private void print(List<Upstream> upstreams, double loadBefore, double loadAfter) {
		System.out.printf("%nThroughput: %s, %d rounds interleaved, median of each; front nginx 1 worker"
				+ " (load average %.1f before, %.1f after)%n", WRK, ROUNDS, loadBefore, loadAfter);
		System.out.printf("%-5s %-34s %8s %9s %8s %11s %13s %9s %13s%n", "peers", "upstream", "req/s", "x static",
				"p99 ms", "cpu us/req", "over bare us", "kernel %", "conn/1k req");
		Map<Integer, Double> staticRps = new LinkedHashMap<>();
		Map<Integer, List<Double>> bareCpu = new LinkedHashMap<>();
		for (Upstream upstream : upstreams) {
			double rps = median(this.results.get(upstream).stream().map(Wrk.Result::requestsPerSecond).toList());
			List<Double> cpuPerRequest = this.cpu.get(upstream);
			staticRps.putIfAbsent(upstream.peers(), rps);
			List<Double> bare = bareCpu.get(upstream.peers());
			String overBare = (bare != null) ? String.format("%+.2f", medianDifference(cpuPerRequest, bare)) : "";
			if (upstream.label().startsWith("bare")) {
				bareCpu.put(upstream.peers(), cpuPerRequest);
			}
			System.out.printf("%-5d %-34s %8.0f %9.3f %8.2f %11.2f %13s %9.1f %13.1f%n", upstream.peers(),
					upstream.label(), rps, rps / staticRps.get(upstream.peers()),
					median(this.results.get(upstream).stream().map(Wrk.Result::p99Millis).toList()),
					median(cpuPerRequest), overBare, median(this.kernelShares.get(upstream)),
					median(this.connections.get(upstream)));
		}
		System.out.println("(cpu us/req: CPU time of the front nginx worker per request;"
				+ " bare: a balancer_by_lua that only sets the peers in turn, the floor of any Lua balancer;"
				+ " kernel %: the share of that time the kernel ran for it, from 10 ms clock ticks;"
				+ " conn/1k req: TCP connections the machine opened per 1,000 requests, wrk's 32 included)");
		printAgainstRuler(upstreams);
		this.results.forEach((upstream, runs) -> runs.stream()
			.filter((run) -> !run.errors().isEmpty())
			.forEach((run) -> System.out.println("  " + upstream.label() + ": " + run.errors())));
	}

	private void printAgainstRuler(List<Upstream> upstreams) {
		for (Upstream ruler : upstreams) {
			if (!ruler.label().startsWith("ruler")) {
				continue;
			}
			upstreams.stream()
				.filter((upstream) -> upstream.peers() == ruler.peers() && upstream.label().equals("Baton"))
				.forEach((baton) -> {
					double over = medianDifference(this.cpu.get(baton), this.cpu.get(ruler));
					System.out.printf("At %d peers, Baton's CPU per request against the %s: %+.2f us (%s)%n",
							baton.peers(), ruler.label(), over,
							(over <= 0) ? "Baton costs no more than that work" : "Baton costs more");
				});
		}
	}

	/** The median of each round's difference between two upstreams' figures. */
	private static double medianDifference(List<Double> figures, List<Double> others) {
		return median(IntStream.range(0, ROUNDS).mapToObj((round) -> figures.get(round) - others.get(round)).toList());
	}

	private static double median(List<Double> values) {
		return Percentiles.of(values, 50);
	}

	/**
	 * The machine's TCP connections opened so far ({@code ActiveOpens} of
	 * {@code /proc/net/snmp}).
	 */
	private static long activeOpens() {
		try {
			List<String> tcp = Files.readAllLines(Path.of("/proc/net/snmp"))
				.stream()
				.filter((line) -> line.startsWith("Tcp:"))
				.toList();
			int column = Arrays.asList(tcp.get(0).split("\\s+")).indexOf("ActiveOpens");
			return Long.parseLong(tcp.get(1).split("\\s+")[column]);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static double load() {
		return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
	}

}
