package dev.baton.deployer.kafka;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.GateKey;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.Topic;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployRejected;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceDrained;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.DeployLogContext;
import dev.baton.deployer.rollout.StepObserver;
import dev.baton.kafka.AuditTrail;
import dev.baton.kafka.TopicNames;
import dev.baton.logging.LogContext;

/**
 * The deployer's one publisher. Steps are keyed by service, gates by their
 * {@link GateKey}. Gate commands and the steps that start or end a deploy wait for the
 * broker's acknowledgement; a step about one instance does not, so a deploy does not wait
 * on the record at each of its instance's steps (one producer and one key keep their
 * order, and a send that fails is logged). Each step is logged (with the instance it is
 * about in the logging context) and handed to the {@link StepObserver}s once sent.
 */
public final class KafkaDeployEvents implements DeployEvents {

	private static final Logger logger = LoggerFactory.getLogger(KafkaDeployEvents.class);

	private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

	private static final int MAX_DETAIL_CHARS = 2000;

	private final KafkaOperations<String, Object> kafka;

	private final TopicNames names;

	private final AuditTrail audit;

	private final DeployGates gates;

	private final List<StepObserver> observers;

	public KafkaDeployEvents(KafkaOperations<String, Object> kafka, TopicNames names, AuditTrail audit,
			DeployGates gates, List<StepObserver> observers) {
		this.kafka = kafka;
		this.names = names;
		this.audit = audit;
		this.gates = gates;
		this.observers = List.copyOf(observers);
	}

	@Override
	public void step(DeployStep step) {
		InstanceId instance = instanceOf(step);
		try (LogContext context = DeployLogContext.instance(instance)) {
			CompletableFuture<?> sent = this.kafka.send(this.names.name(Topic.DEPLOY_STEPS), step.service().value(),
					step);
			if (instance == null) {
				await(sent, Topic.DEPLOY_STEPS);
			}
			else {
				LogContext.Carried caller = LogContext.carry();
				sent.whenComplete((result, failure) -> {
					if (failure != null) {
						caller.run(() -> logger.error("Could not publish {}: the record of its deploy lacks it", step,
								failure));
					}
				});
			}
			logger.info("{}", step);
		}
		this.observers.forEach((observer) -> observer.published(step));
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

	private static InstanceId instanceOf(DeployStep step) {
		if (step instanceof InstanceDrained drained) {
			return drained.instanceId();
		}
		if (step instanceof InstanceRestartStarted started) {
			return started.instanceId();
		}
		if (step instanceof InstanceRestarted restarted) {
			return restarted.instanceId();
		}
		if (step instanceof InstanceVerified verified) {
			return verified.instanceId();
		}
		return (step instanceof InstanceEnabled enabled) ? enabled.instanceId() : null;
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
		await(this.kafka.send(this.names.name(topic), key, value), topic);
	}

	private static void await(CompletableFuture<?> sent, Topic topic) {
		try {
			sent.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
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
