package dev.baton.console.view;

import java.time.Instant;
import java.util.List;

import dev.baton.contracts.deploy.DeployStep;

/**
 * One deploy and its steps so far.
 *
 * @param deployId the deploy
 * @param service its service
 * @param version the version it deploys, once a step names it
 * @param outcome {@code running}, {@code succeeded}, {@code failed}, {@code rolled back}
 * or {@code rejected}
 * @param startedAt its first step
 * @param endedAt its last step, once it has ended
 * @param steps every step, in the order they happened
 */
public record DeployRow(String deployId, String service, String version, String outcome, Instant startedAt,
		Instant endedAt, List<DeployStep> steps) {

	/**
	 * @return whether the deploy has ended
	 */
	public boolean ended() {
		return this.endedAt != null;
	}

}
