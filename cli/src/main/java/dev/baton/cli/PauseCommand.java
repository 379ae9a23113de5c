package dev.baton.cli;

import picocli.CommandLine.Command;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.PauseDeploy;

/**
 * Pauses the deploy that runs for a service.
 */
@Command(name = "pause", description = { "Pause the deploy that runs for SERVICE.",
		"It holds before its next step that would take an instance out of rotation or start a batch: the batch"
				+ " under way is finished (restarted, verified, back in rotation) first, and a rollback is never"
				+ " held. It stays paused across a restart of the deployer; baton resume carries it on.",
		"Exit 0 once the deployer put DeployPaused on the record (or it was paused already), 2 when nothing is"
				+ " deploying, 3 without an answer in time." })
class PauseCommand extends ControlCommand {

	@Override
	DeployRequest request(DeployId deployId, ServiceName service, String requestedBy, String reason) {
		return new PauseDeploy(deployId, service, requestedBy, reason, null);
	}

	@Override
	String alreadyDone(RunningDeploy deploy) {
		if (deploy.rollingBack()) {
			return "is rolling back, which is never held";
		}
		if (deploy.cancelling()) {
			return "is being cancelled";
		}
		return deploy.paused() ? "is paused already" : null;
	}

	@Override
	String answer() {
		return "DeployPaused";
	}

	@Override
	String meaning(RunningDeploy deploy) {
		return "Deploy " + deploy.deployId() + " holds before its next batch; baton resume carries it on";
	}

}
