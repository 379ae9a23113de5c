package dev.baton.cli;

import picocli.CommandLine.Command;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.CancelDeploy;
import dev.baton.contracts.deploy.DeployRequest;

/**
 * Cancels the deploy that runs for a service.
 */
@Command(name = "cancel", description = { "Cancel the deploy that runs for SERVICE, paused or not.",
		"It stops before its next batch (at once while it bakes or holds paused) and rolls back every instance it"
				+ " touched; it ends in DeployFailed (cancelled: WHO: REASON).",
		"Exit 0 once the deployer put DeployCancelling on the record (or it was being cancelled already), 2 when"
				+ " nothing is deploying, 3 without an answer in time." })
class CancelCommand extends ControlCommand {

	@Override
	DeployRequest request(DeployId deployId, ServiceName service, String requestedBy, String reason) {
		return new CancelDeploy(deployId, service, requestedBy, reason, null);
	}

	@Override
	String alreadyDone(RunningDeploy deploy) {
		if (deploy.rollingBack()) {
			return "is rolling back already";
		}
		return deploy.cancelling() ? "is being cancelled already" : null;
	}

	@Override
	String answer() {
		return "DeployCancelling";
	}

	@Override
	String meaning(RunningDeploy deploy) {
		return "Deploy " + deploy.deployId() + " rolls back what it touched; baton status shows how far it is";
	}

}
