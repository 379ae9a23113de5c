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
 * peers. The same for the worker's CPU time in user space alone: a Lua balancer makes the
 * same system calls per request as the bare one, so what it adds runs in user space,
 * while on a virtual machine the kernel's time per system call moves from run to run by
 * more than the target. Where there is a ruler (the bare balancer plus a known CPU time
 * of work), it also prints Baton's CPU per request against the ruler's, in both: the
 * median of each round's difference.
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

	private final Map<Upstream, List<Double>> userCpu = new LinkedHashMap<>();

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
				this.userCpu.computeIfAbsent(upstream, (key) -> new ArrayList<>())
					.add(after.userNanosSince(before) / 1000.0 / result.requests());
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
		System.out.printf("%-5s %-34s %8s %9s %8s %11s %13s %12s %10s %9s %13s%n", "peers", "upstream", "req/s",
				"x static", "p99 ms", "cpu us/req", "over bare us", "user us/req", "over bare", "kernel %",
				"conn/1k req");
		Map<Integer, Double> staticRps = new LinkedHashMap<>();
		Map<Integer, Upstream> bare = new LinkedHashMap<>();
		for (Upstream upstream : upstreams) {
			double rps = median(this.results.get(upstream).stream().map(Wrk.Result::requestsPerSecond).toList());
			staticRps.putIfAbsent(upstream.peers(), rps);
			Upstream floor = bare.get(upstream.peers());
			if (upstream.label().startsWith("bare")) {
				bare.put(upstream.peers(), upstream);
			}
			System.out.printf("%-5d %-34s %8.0f %9.3f %8.2f %11.2f %13s %12.2f %10s %9.1f %13.1f%n", upstream.peers(),
					upstream.label(), rps, rps / staticRps.get(upstream.peers()),
					median(this.results.get(upstream).stream().map(Wrk.Result::p99Millis).toList()),
					median(this.cpu.get(upstream)), over(this.cpu, upstream, floor), median(this.userCpu.get(upstream)),
					over(this.userCpu, upstream, floor), median(this.kernelShares.get(upstream)),
					median(this.connections.get(upstream)));
		}
		System.out.println("(cpu us/req: CPU time of the front nginx worker per request;"
				+ " bare: a balancer_by_lua that only sets the peers in turn, the floor of any Lua balancer;"
				+ " user us/req: the part of it in user space, the scheduler's time split by 10 ms clock ticks;"
				+ " kernel %: the share of that time the kernel ran for it;"
				+ " conn/1k req: TCP connections the machine opened per 1,000 requests, wrk's 32 included)");
		printAgainstRuler(upstreams);
		this.results.forEach((upstream, runs) -> runs.stream()
			.filter((run) -> !run.errors().isEmpty())
			.forEach((run) -> System.out.println("  " + upstream.label() + ": " + run.errors())));
	}

	/**
	 * An upstream's figure over another's, the median of each round's difference, as the
	 * table prints it: empty where there is no other.
	 */
	private static String over(Map<Upstream, List<Double>> figures, Upstream upstream, Upstream other) {
		return (other != null) ? String.format("%+.2f", medianDifference(figures.get(upstream), figures.get(other)))
				: "";
	}

	private void printAgainstRuler(List<Upstream> upstreams) {
		for (Upstream ruler : upstreams) {
			if (!ruler.label().startsWith("ruler")) {
				continue;
			}
			upstreams.stream()
				.filter((upstream) -> upstream.peers() == ruler.peers() && upstream.label().equals("Baton"))
				.forEach((baton) -> System.out.printf(
						"At %d peers, Baton's CPU per request against the %s: %s us, in user space %s us%n",
						baton.peers(), ruler.label(), over(this.cpu, baton, ruler), over(this.userCpu, baton, ruler)));
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
