package dev.baton.cli;

import picocli.CommandLine.Command;

/**
 * {@code baton offline INSTANCE}.
 */
@Command(name = "offline", description = "Take an instance out of rotation.")
class OfflineCommand extends DecisionCommand {

	@Override
	String action() {
		return "offline";
	}

}
