package dev.baton.cli;

import picocli.CommandLine.Command;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.ResumeDeploy;

/**
 * Lets the paused deploy of a service carry on.
 */
@Command(name = "resume",
		description = { "Let the paused deploy of SERVICE carry on from where it holds.",
				"Exit 0 once the deployer put DeployResumed on the record (or it was not paused), 2 when nothing is"
						+ " deploying, 3 without an answer in time." })
class ResumeCommand extends ControlCommand {

	@Override
	DeployRequest request(DeployId deployId, ServiceName service, String requestedBy, String reason) {
		return new ResumeDeploy(deployId, service, requestedBy, reason, null);
	}

	@Override
	String alreadyDone(RunningDeploy deploy) {
		return deploy.paused() ? null : "is not paused";
	}

	@Override
	String answer() {
		return "DeployResumed";
	}

	@Override
	String meaning(RunningDeploy deploy) {
		return "Deploy " + deploy.deployId() + " carries on";
	}

}
