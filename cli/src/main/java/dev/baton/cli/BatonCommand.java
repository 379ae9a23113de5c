package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code baton}: deploy, register, decide, look. Every subcommand exits 0 when it did
 * what was asked, 1 when a deploy failed or was rolled back, 2 when a request was
 * rejected or invalid (or Kafka refused the credentials), 3 on timeout, 4 when Kafka
 * could not be reached and nothing was published.
 */
@Command(name = "baton", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "baton 0.1.0",
		description = "Zero-downtime deploys behind open-source nginx.")
public class BatonCommand {

	/** In the order the usage lists them. */
	private static final List<Class<?>> SUBCOMMANDS = List.of(DeployCommand.class, PauseCommand.class,
			ResumeCommand.class, CancelCommand.class, RollbackCommand.class, RegisterCommand.class,
			DeregisterCommand.class, ApproveCommand.class, OfflineCommand.class, OnlineCommand.class,
			StatusCommand.class, NodesCommand.class, AuditCommand.class, AclsCommand.class);

	public static void main(String[] args) {
		System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
	}

	/**
	 * Runs the command line with the given output, for the wrapper script and for tests.
	 * @param out standard output
	 * @param err standard error
	 * @param args the arguments
	 * @return the exit code
	 */
	public static int run(PrintWriter out, PrintWriter err, String... args) {
		CommandLine commandLine = new CommandLine(new BatonCommand());
		// picocli builds the model of every subcommand it is given, which was most of the
		// CLI's start-up before its first Kafka request (CliStartupBenchmark): only the
		// invoked one, unless the usage or an unknown name's suggestions need them all.
		// Settings below reach the subcommands added before them.
		invoked(args).forEach(commandLine::addSubcommand);
		commandLine.setOut(out);
		commandLine.setErr(err);
		commandLine.registerConverter(Duration.class, Durations::parse);
		commandLine.setParameterExceptionHandler((ex, arguments) -> {
			err.println("baton: " + ex.getMessage());
			UnmatchedArgumentException.printSuggestions(ex, err);
			return ExitCode.REJECTED;
		});
		commandLine.setExecutionExceptionHandler((ex, line, result) -> {
			err.println("baton: " + ex.getMessage());
			if (ex instanceof KafkaUnavailable unavailable) {
				return unavailable.exitCode();
			}
			return (ex instanceof IllegalArgumentException) ? ExitCode.REJECTED : ExitCode.FAILED;
		});
		return commandLine.execute(args);
	}

	private static List<Class<?>> invoked(String... args) {
		if (args.length > 0) {
			for (Class<?> subcommand : SUBCOMMANDS) {
				if (subcommand.getAnnotation(Command.class).name().equals(args[0])) {
					return List.of(subcommand);
				}
			}
		}
		return SUBCOMMANDS;
	}

}
