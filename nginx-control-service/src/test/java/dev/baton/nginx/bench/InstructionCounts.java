package dev.baton.nginx.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.baton.nginx.bench.ThroughputRounds.Upstream;

/**
 * The front worker's instructions and cache misses per request through every upstream,
 * counted by callgrind with the front nginx running under it: unlike CPU time, these do
 * not move with other work on the machine, so a difference of a few hundred instructions
 * per request is seen in one run. Misses are those of callgrind's simulated caches: its
 * first-level data cache, and as the last level a 1 MiB cache, the size of a core's
 * second-level cache on the machines Baton is measured on, where the 1,000 peers' idle
 * connections and Baton's per-peer state compete. Each upstream gets a warm-up run (it
 * opens the idle connections), then callgrind's counters are zeroed, wrk runs, and they
 * are dumped; the requests are wrk's.
 */
final class InstructionCounts {

	private static final Wrk WARM_UP = new Wrk(1, 4, 5);

	private static final Wrk MEASURED = new Wrk(1, 4, 10);

	private static final Path VALGRIND = Path.of("/usr/bin/valgrind");

	private static final Path CALLGRIND_CONTROL = Path.of("/usr/bin/callgrind_control");

	private final BenchNginx front;

	private final Path dumps;

	InstructionCounts(BenchNginx front, Path dumps) {
		this.front = front;
		this.dumps = dumps;
	}

	static boolean available() {
		return Files.isExecutable(VALGRIND) && Files.isExecutable(CALLGRIND_CONTROL);
	}

	/**
	 * What the front nginx runs under: callgrind, following its workers, with the caches
	 * this class reads simulated (the last level: size, associativity, line size).
	 * @param dumps where each process's dumps go, {@code callgrind.<pid>.<n>}
	 * @return the command line to put before nginx's
	 */
	static List<String> callgrind(Path dumps) {
		return List.of(VALGRIND.toString(), "--tool=callgrind", "--trace-children=yes", "--cache-sim=yes",
				"--LL=1048576,16,64", "--callgrind-out-file=" + dumps.resolve("callgrind.%p"));
	}

	/**
	 * Counts and prints a row per upstream.
	 * @param upstreams as for {@link ThroughputRounds#run}: the bare balancer before the
	 * others of its count of peers
	 */
	void run(List<Upstream> upstreams) {
		Map<Upstream, double[]> perRequest = new LinkedHashMap<>();
		for (Upstream upstream : upstreams) {
			WARM_UP.run(upstream.port());
			long worker = this.front.workerPid();
			callgrindControl("-z", worker);
			Wrk.Result result = MEASURED.run(upstream.port());
			long[] counts = dump(worker);
			double[] row = new double[counts.length + 1];
			for (int i = 0; i < counts.length; i++) {
				row[i] = (double) counts[i] / result.requests();
			}
			row[counts.length] = result.requests();
			perRequest.put(upstream, row);
		}
		print(perRequest);
	}

	/**
	 * Dumps the worker's counters and reads their totals.
	 * @return instructions, first-level data misses, last-level data misses
	 */
	private long[] dump(long worker) {
		List<Path> before = dumpsOf(worker);
		callgrindControl("-d", worker);
		List<Path> after = new ArrayList<>(dumpsOf(worker));
		after.removeAll(before);
		if (after.size() != 1) {
			throw new IllegalStateException("expected one new callgrind dump of worker " + worker + ", found " + after);
		}
		try {
			List<String> lines = Files.readAllLines(after.get(0));
			List<String> events = fields(lines, "events:");
			List<String> totals = fields(lines, "summary:");
			return new long[] { total(events, totals, "Ir"), total(events, totals, "D1mr", "D1mw"),
					total(events, totals, "DLmr", "DLmw") };
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private List<Path> dumpsOf(long worker) {
		try (Stream<Path> files = Files.list(this.dumps)) {
			return files.filter((file) -> file.getFileName().toString().startsWith("callgrind." + worker + "."))
				.toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static List<String> fields(List<String> lines, String prefix) {
		return lines.stream()
			.filter((line) -> line.startsWith(prefix))
			.findFirst()
			.map((line) -> List.of(line.substring(prefix.length()).trim().split("\\s+")))
			.orElseThrow(() -> new IllegalStateException("a callgrind dump without '" + prefix + "'"));
	}

	private static long total(List<String> events, List<String> totals, String... names) {
		long sum = 0;
		for (String name : names) {
			int index = events.indexOf(name);
			if (index < 0) {
				throw new IllegalStateException("a callgrind dump without event " + name + ": " + events);
			}
			sum += (index < totals.size()) ? Long.parseLong(totals.get(index)) : 0;
		}
		return sum;
	}

	private static void callgrindControl(String command, long pid) {
		try {
			Process control = new ProcessBuilder(CALLGRIND_CONTROL.toString(), command, Long.toString(pid))
				.redirectErrorStream(true)
				.start();
			String output = new String(control.getInputStream().readAllBytes());
			if (!control.waitFor(60, TimeUnit.SECONDS) || control.exitValue() != 0) {
				throw new IllegalStateException("callgrind_control " + command + " " + pid + " failed: " + output);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void print(Map<Upstream, double[]> perRequest) {
		System.out.printf("%nInstructions per request: the front nginx worker under callgrind, %s after a %ds warm-up,"
				+ " each upstream once%n", MEASURED, WARM_UP.seconds());
		System.out.printf("%-5s %-34s %9s %12s %10s %10s %10s %10s%n", "peers", "upstream", "requests", "instr/req",
				"over bare", "D1 miss", "over bare", "LL miss");
		Map<Integer, double[]> bare = new LinkedHashMap<>();
		perRequest.forEach((upstream, counts) -> {
			double[] floor = bare.get(upstream.peers());
			System.out.printf("%-5d %-34s %9.0f %12.0f %10s %10.0f %10s %10.1f%n", upstream.peers(), upstream.label(),
					counts[3], counts[0], (floor != null) ? String.format("%+.0f", counts[0] - floor[0]) : "",
					counts[1], (floor != null) ? String.format("%+.0f", counts[1] - floor[1]) : "", counts[2]);
			if (upstream.label().startsWith("bare")) {
				bare.put(upstream.peers(), counts);
			}
		});
		System.out.println("(D1 miss: first-level data cache misses per request; LL miss: misses per request of a"
				+ " simulated 1 MiB last-level cache; both callgrind's simulation)");
	}

}
