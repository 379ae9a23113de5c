package dev.baton.deployer.rollout;

import java.util.Map;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.nginx.SetPeerGate;

/**
 * Everything the deployer tells the world. Each call returns once the message is durably
 * published, so a step that was published is a step a restarted deployer will find.
 */
public interface DeployEvents {

	/**
	 * Publishes a deploy step, with its audit record.
	 * @param step the step
	 */
	void step(DeployStep step);

	/**
	 * Publishes the desired state of a DEPLOY gate.
	 * @param command the command
	 */
	void gate(SetPeerGate command);

	/**
	 * Removes a DEPLOY gate altogether (its instance is gone).
	 * @param key the gate
	 */
	void removeGate(GateKey key);

	/**
	 * Records something worth an operator's attention that is not a step.
	 * @param subject what it is about
	 * @param action what happened
	 * @param reason why
	 * @param details anything else worth keeping
	 */
	void audit(String subject, String action, String reason, Map<String, String> details);

}
