package dev.baton.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line builds only the subcommand it runs, and still reads as a whole: the
 * usage lists every subcommand, an unknown one is named with a suggestion, and the
 * converters and handlers reach the subcommand that runs.
 */
class BatonCommandTests {

	@Test
	void theUsageListsEverySubcommand() {
		Run usage = run("--help");
		assertThat(usage.exit()).isZero();
		assertThat(usage.out()).contains("deploy", "pause", "resume", "cancel", "rollback", "register", "deregister",
				"approve", "offline", "online", "status", "nodes", "audit", "acls");
	}

	@Test
	void aSubcommandsUsageIsItsOwn() {
		Run usage = run("status", "--help");
		assertThat(usage.exit()).isZero();
		assertThat(usage.out()).contains("Usage: baton status").doesNotContain("rollback");
	}

	@Test
	void anUnknownSubcommandIsRejectedWithASuggestion() {
		Run unknown = run("statsu");
		assertThat(unknown.exit()).isEqualTo(ExitCode.REJECTED);
		assertThat(unknown.err()).contains("statsu").contains("status");
	}

	@Test
	void theSubcommandThatRunsGetsTheDurationConverterAndTheHandlers() {
		Run invalid = run("status", "--connect-timeout", "soon");
		assertThat(invalid.exit()).isEqualTo(ExitCode.REJECTED);
		assertThat(invalid.err()).startsWith("baton: ").contains("not a duration");
	}

	private static Run run(String... args) {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int exit = BatonCommand.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
		return new Run(exit, out.toString(), err.toString());
	}

	private record Run(int exit, String out, String err) {
	}

}
