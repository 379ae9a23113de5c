package dev.baton.demo.attacks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.baton.cli.Connection;
import dev.baton.cli.Kafka;
import dev.baton.demo.Await;
import dev.baton.demo.DemoOptions;
import dev.baton.demo.LoadRun;
import dev.baton.demo.Runs;
import dev.baton.demo.Stack;
import dev.baton.loadgen.LoadResult;

/**
 * {@code ./baton attacks}: under the demo's steady load, each attack on the trust
 * boundary in turn, then a deploy to show nothing stalled. An attack passes when it is
 * refused with a reason, nginx has the same peers up after it as before, and no request
 * fails. Prints the table, writes it to {@code report/attacks.md} and exits 0 only when
 * every attack passed.
 */
public final class AttackRunner {

	private final DemoOptions options;

	private final PrintStream out;

	AttackRunner(DemoOptions options, PrintStream out) {
		this.options = options;
		this.out = out;
	}

	public static void main(String[] args) {
		Runs.exit((out) -> new AttackRunner(DemoOptions.parse(args), out).run());
	}

	boolean run() throws IOException {
		Path secrets = this.options.run().resolve("secrets");
		Stack stack = new Stack(this.options);
		List<Attack> attacks = new ArrayList<>(RecordAttacks.all());
		attacks.add(DepartureAttack.attack());
		attacks.add(WrongVersionAttack.attack());
		attacks.addAll(HostAttacks.all());
		attacks.add(new Attack("after every attack: a rolling deploy v1 → v2 (nothing stalled)", "operator",
				AttackRunner::deployAfterwards));
		List<AttackResult> results = new ArrayList<>();
		try (Kafka kafka = new Kafka(Connection.of(secrets.resolve("operator.cli.properties")));
				Writers writers = new Writers(secrets, "baton.")) {
			AttackSurface surface = new AttackSurface(stack, kafka, writers, secrets);
			for (Attack attack : attacks) {
				results.add(run(attack, surface));
			}
		}
		String table = AttackTable.render(results);
		Path report = this.options.reportDirectory().resolve("attacks.md");
		Files.createDirectories(report.getParent());
		Files.writeString(report, "# Attacks on the trust boundary\n\n" + table);
		this.out.println();
		this.out.println(table);
		this.out.println("Report: " + report);
		boolean passed = results.stream().allMatch(AttackResult::pass);
		this.out.println(passed ? "EVERY ATTACK REFUSED" : "SOME ATTACKS NOT REFUSED");
		return passed;
	}

	private AttackResult run(Attack attack, AttackSurface surface) {
		this.out.printf("%n== %s (as %s)%n", attack.name(), attack.as());
		LoadRun load = LoadRun.start(this.options);
		Await.steadyLoad(this.options.settle());
		Set<String> before = surface.peersUp();
		Attempt attempt;
		try {
			attempt = attack.attempt().run(surface);
		}
		catch (Exception ex) {
			attempt = Attempt.accepted("did not finish: " + ex);
		}
		Set<String> after = surface.peersUp();
		Await.steadyLoad(this.options.settle());
		LoadResult requests = load.stop();
		AttackResult result = new AttackResult(attack, attempt, before.equals(after), before + " → " + after,
				requests.get().failed(), requests.post().failed());
		this.out.printf("   %s by %s: %s; peers up %s; failed GET %d, POST %d%n",
				attempt.refused() ? "refused" : "NOT REFUSED", attempt.by(), attempt.reason(),
				result.peersUnchanged() ? "unchanged " + after : result.peers(), result.failedGet(),
				result.failedPost());
		return result;
	}

	private static Attempt deployAfterwards(AttackSurface surface) {
		Stack.CliRun deploy = surface.stack()
			.baton("deploy", surface.service(), "v2", "--wait", "--timeout", "5m", "--deploy-id",
					AttackSurface.marker());
		return (deploy.code() == 0) ? Attempt.refused("—", "DeploySucceeded: every reader went on")
				: Attempt.accepted("the deploy exited " + deploy.code() + ": " + deploy.err().strip());
	}

}
