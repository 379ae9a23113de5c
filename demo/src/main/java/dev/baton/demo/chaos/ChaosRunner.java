package dev.baton.demo.chaos;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.baton.cli.Connection;
import dev.baton.cli.Kafka;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.Processes;
import dev.baton.demo.Runs;
import dev.baton.demo.Stack;

/**
 * {@code ./baton chaos}: under the demo's steady load, one undisturbed deploy, then one
 * deploy per fault, each fault fired when the deploy enters its phase; after each, the
 * stack is made whole before the next. Prints the table, writes it to
 * {@code report/chaos.md} and exits 0 only when every verdict passed.
 */
public final class ChaosRunner {

	private final DemoOptions options;

	private final List<Fault> faults;

	private final boolean quick;

	private final PrintStream out;

	ChaosRunner(DemoOptions options, List<Fault> faults, boolean quick, PrintStream out) {
		this.options = options;
		this.faults = faults;
		this.quick = quick;
		this.out = out;
	}

	/** Longer than any deploy on a machine that can run the stack at all. */
	private static final Duration UNDISTURBED_BOUND = Duration.ofMinutes(3);

	public static void main(String[] args) {
		Runs.exit((out) -> {
			List<String> arguments = Arrays.asList(args);
			int only = arguments.indexOf("--fault");
			List<Fault> faults = (only >= 0 && only + 1 < arguments.size())
					? List.of(Fault.parse(arguments.get(only + 1))) : arguments.contains("--clocks") ? Fault.clocks()
							: arguments.contains("--short") ? Fault.quick() : Fault.all();
			return new ChaosRunner(DemoOptions.parse(args), faults, arguments.contains("--short"), out).run();
		});
	}

	boolean run() throws IOException {
		Stack stack = new Stack(this.options);
		Processes processes = new Processes(this.options.run());
		try (Kafka kafka = new Kafka(Connection.of(this.options.kafka(), "baton."))) {
			StackCheck check = new StackCheck(stack, processes, kafka, Instant.now());
			Recovery recovery = new Recovery(check, new StackRepair(check, processes,
					Connection.of(this.options.run().resolve("secrets").resolve("admin.cli.properties")).kafka()),
					Duration.ofSeconds(90));
			FaultDeploy deploys = new FaultDeploy(stack, kafka, check, recovery, new FaultInjector(processes),
					this.out);
			deploys.warmUp(Duration.ofSeconds(10));
			deploys.ready();
			FaultResult undisturbed = deploys.run(null, UNDISTURBED_BOUND);
			Duration bound = faultBound(undisturbed);
			List<FaultResult> results = new ArrayList<>();
			for (Fault fault : this.faults) {
				results.add(deploys.runToTheEnd(fault, bound));
			}
			String table = ChaosTable.render(undisturbed, results);
			Path report = this.options.reportDirectory().resolve("chaos.md");
			Files.createDirectories(report.getParent());
			Files.writeString(report, "# Chaos suite" + (this.quick ? " (short)" : "") + "\n\n" + table);
			this.out.println();
			this.out.println(table);
			this.out.println("Report: " + report);
			Duration baseline = (undisturbed.outcome() == Outcome.SUCCEEDED) ? undisturbed.duration() : null;
			boolean passed = Verdict.of(undisturbed, baseline).pass()
					&& results.stream().allMatch((result) -> Verdict.of(result, baseline).pass());
			this.out.println(passed ? "EVERY FAULT PASSED" : "SOME FAULTS FAILED");
			return passed;
		}
	}

	/**
	 * How long a deploy with a fault may take before it counts as one with no verdict:
	 * far past its verdict's limit (the undisturbed deploy's time and 15 s), shorter for
	 * CI's short run, and never shorter than the undisturbed deploy's time and 30 s.
	 */
	private Duration faultBound(FaultResult undisturbed) {
		Duration bound = this.quick ? Duration.ofSeconds(60) : Duration.ofSeconds(90);
		Duration slower = undisturbed.duration().plusSeconds(30);
		return (undisturbed.outcome() == Outcome.SUCCEEDED && slower.compareTo(bound) > 0) ? slower : bound;
	}

}
