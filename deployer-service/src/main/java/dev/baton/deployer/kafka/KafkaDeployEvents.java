package dev.baton.deployer.kafka;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.kafka.AuditTrail;
import dev.baton.kafka.TopicNames;

/**
 * The deployer's one publisher. Steps are keyed by service, gates by their
 * {@link GateKey}; every send waits for the broker's acknowledgement, so the next step
 * only starts once the previous one is on the record.
 */
public final class KafkaDeployEvents implements DeployEvents {

	private static final Logger logger = LoggerFactory.getLogger(KafkaDeployEvents.class);

	private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

	private static final int MAX_DETAIL_CHARS = 2000;

	private final KafkaOperations<String, Object> kafka;

	private final TopicNames names;

	private final AuditTrail audit;

	private final DeployGates gates;

	public KafkaDeployEvents(KafkaOperations<String, Object> kafka, TopicNames names, AuditTrail audit,
			DeployGates gates) {
		this.kafka = kafka;
		this.names = names;
		this.audit = audit;
		this.gates = gates;
	}

	@Override
	public void step(DeployStep step) {
		send(Topic.DEPLOY_STEPS, step.service().value(), step);
		if (step instanceof DeployStarted || step instanceof DeploySucceeded || step instanceof DeployFailed
				|| step instanceof DeployRejected) {
			logger.info("{}", step);
		}
		String reason = "";
		if (step instanceof DeployFailed failed) {
			reason = failed.reason();
		}
		else if (step instanceof DeployRejected rejected) {
			reason = rejected.reason();
		}
		Map<String, String> details = new LinkedHashMap<>();
		details.put("service", step.service().value());
		String text = step.toString();
		details.put("step", (text.length() <= MAX_DETAIL_CHARS) ? text : text.substring(0, MAX_DETAIL_CHARS));
		this.audit.record(step.deployId().value(), "deploy." + step.getClass().getSimpleName(), this.audit.source(),
				reason, details);
	}

	@Override
	public void gate(SetPeerGate command) {
		send(Topic.NGINX_COMMANDS, command.key().toString(), command);
		this.gates.observe(command.key(), command);
	}

	@Override
	public void removeGate(GateKey key) {
		send(Topic.NGINX_COMMANDS, key.toString(), null);
		this.gates.observe(key, null);
	}

	@Override
	public void audit(String subject, String action, String reason, Map<String, String> details) {
		this.audit.record(subject, action, this.audit.source(), reason, details);
	}

	private void send(Topic topic, String key, Object value) {
		try {
			this.kafka.send(this.names.name(topic), key, value).get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while publishing to " + topic.suffix(), ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not publish to " + topic.suffix(), ex);
		}
	}

}
