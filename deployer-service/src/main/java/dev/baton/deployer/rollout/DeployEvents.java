package dev.baton.deployer.rollout;

import java.util.Map;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.RegistrationMessage;

/**
 * Everything the deployer tells the world. A gate command, and a step that starts or ends
 * a deploy, return once durably published: a deploy is on the record before it closes any
 * gate, so a restarted deployer finds every deploy that may have left a peer drained. A
 * step about one instance returns once sent, in order: the record of a deploy is always a
 * prefix of what happened, and a deployer that dies before such a step is on the record
 * does that step again when it resumes, which every step allows.
 */
public interface DeployEvents {

	/**
	 * Publishes a deploy step, with its audit record: waits for it unless it is about one
	 * instance.
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
	 * Tells the registry that a surge deploy is done with the instance it replaced:
	 * deregister it. Returns once durably published.
	 * @param message the message
	 */
	void registration(RegistrationMessage message);

	/**
	 * Approves, in the deploy's name, a new instance a surge deploy started and verified,
	 * on {@code operations} as an operator's decision would be. Returns once durably
	 * published.
	 * @param message the decision
	 */
	void operation(OperationMessage message);

	/**
	 * Records something worth an operator's attention that is not a step.
	 * @param subject what it is about
	 * @param action what happened
	 * @param reason why
	 * @param details anything else worth keeping
	 */
	void audit(String subject, String action, String reason, Map<String, String> details);

}
