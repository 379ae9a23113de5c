package dev.baton.cli;

import picocli.CommandLine.Command;

/**
 * {@code baton online INSTANCE}.
 */
@Command(name = "online", description = "Bring an offline instance back into rotation.")
class OnlineCommand extends DecisionCommand {

	@Override
	String action() {
		return "online";
	}

}
