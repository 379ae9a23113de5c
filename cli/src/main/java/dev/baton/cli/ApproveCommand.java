package dev.baton.cli;

import picocli.CommandLine.Command;

/**
 * {@code baton approve INSTANCE}.
 */
@Command(name = "approve", description = "Approve a pre-online instance: it goes online.")
class ApproveCommand extends DecisionCommand {

	@Override
	String action() {
		return "approve";
	}

}
