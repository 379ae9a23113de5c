package dev.baton.deployer.control;

import java.util.Map;
import java.util.function.Predicate;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.CancelDeploy;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.PauseDeploy;
import dev.baton.contracts.deploy.ResumeDeploy;

/**
 * Takes pause, resume and cancel requests for the deploy that runs for their service (the
 * one they name, or whichever runs when they name none). Each is audited: as requested
 * when it changed the deploy (whose step is then on the record too), as repeated when the
 * deploy already was so, as ignored when no such deploy runs or it is rolling back or
 * ending. Repeating a request is harmless, so a redelivered one changes nothing.
 */
public final class ControlDesk {

	private final ControlAudit audit;

	public ControlDesk(ControlAudit audit) {
		this.audit = audit;
	}

	/**
	 * @param running the controls of the service's running deploy, or null when none runs
	 */
	public void pause(PauseDeploy request, DeployControls running) {
		apply(request, "pause", request.requestedBy(), request.reason(), running,
				(controls) -> controls.pause(request.requestedBy(), request.reason()),
				"it is paused already or being cancelled");
	}

	public void resume(ResumeDeploy request, DeployControls running) {
		apply(request, "resume", request.requestedBy(), request.reason(), running,
				(controls) -> controls.resume(request.requestedBy(), request.reason()), "it is not paused");
	}

	public void cancel(CancelDeploy request, DeployControls running) {
		apply(request, "cancel", request.requestedBy(), request.reason(), running,
				(controls) -> controls.cancel(request.requestedBy(), request.reason()),
				"it is being cancelled already");
	}

	/**
	 * Whether a request is meant for a running deploy: the one it names, or any.
	 */
	public static boolean meant(DeployId named, DeployId running) {
		return named == null || named.equals(running);
	}

	private void apply(DeployRequest request, String verb, String requestedBy, String reason, DeployControls running,
			Predicate<DeployControls> change, String unchanged) {
		Map<String, String> details = Map.of("service", request.service().value(), "requestedBy", requestedBy);
		if (running == null) {
			this.audit.record(subject(request.deployId(), request.service()), "deploy." + verb + "-ignored",
					(request.deployId() != null) ? "deploy " + request.deployId() + " is not running"
							: "no deploy of " + request.service() + " is running",
					details);
			return;
		}
		if (running.ending()) {
			this.audit.record(running.deployId().value(), "deploy." + verb + "-ignored",
					"the deploy is rolling back or ending", details);
			return;
		}
		boolean changed = change.test(running);
		this.audit.record(running.deployId().value(), "deploy." + verb + (changed ? "-requested" : "-repeated"),
				changed ? reason : unchanged, details);
	}

	private static String subject(DeployId deployId, ServiceName service) {
		return (deployId != null) ? deployId.value() : service.value();
	}

}
