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
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceReplaced;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceVerified;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.deployer.fleet.DeployGates;
import dev.baton.deployer.rollout.DeployEvents;
import dev.baton.deployer.rollout.DeployLogContext;
import dev.baton.deployer.rollout.StepObserver;
import dev.baton.kafka.AuditTrail;
import dev.baton.kafka.TopicNames;
import dev.baton.logging.LogContext;

/**
 * The deployer's one publisher. Steps are keyed by service, gates by their
 * {@link GateKey}. Every step and gate command returns once the broker acknowledged it,
 * and is retried until it does: the record of a deploy is always a prefix of what
 * happened, and a broker that is away stops a deploy only until it is back. Each step is
 * logged (with the instance it is about in the logging context) and handed to the
 * {@link StepObserver}s once sent.
 */
public final class KafkaDeployEvents implements DeployEvents {

	private static final Logger logger = LoggerFactory.getLogger(KafkaDeployEvents.class);

	private static final Duration SEND_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

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
			send(Topic.DEPLOY_STEPS, step.service().value(), step);
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
		if (step instanceof InstanceLaunched launched) {
			return launched.replaces();
		}
		if (step instanceof InstanceReplaced replaced) {
			return replaced.instanceId();
		}
		return (step instanceof InstanceEnabled enabled) ? enabled.instanceId() : null;
	}

	@Override
	public void gate(SetPeerGate command) {
		send(Topic.NGINX_COMMANDS, command.key().toString(), command);
		this.gates.observe(command.key(), command);
	}

	@Override
	public void registration(RegistrationMessage message) {
		send(Topic.REGISTRATIONS, message.service().value(), message);
		logger.info("{}", message);
	}

	@Override
	public void operation(OperationMessage message) {
		send(Topic.OPERATIONS, message.service().value(), message);
		logger.info("{}", message);
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

	/**
	 * Publishes until the broker has the record: a deploy that cannot publish a step
	 * stops where it is, with the deadlines of its waits still running, rather than end
	 * without a word.
	 */
	private void send(Topic topic, String key, Object value) {
		for (int attempt = 1;; attempt++) {
			try {
				awaitSent(this.kafka.send(this.names.name(topic), key, value));
				return;
			}
			catch (ExecutionException | RuntimeException ex) {
				if (Thread.currentThread().isInterrupted()) {
					throw (ex instanceof RuntimeException runtime) ? runtime : new IllegalStateException(ex);
				}
				logger.warn("Could not publish to {} (attempt {}); retrying until the broker takes it: {}",
						topic.suffix(), attempt, ex.toString());
				pause();
			}
		}
	}

	private static void awaitSent(CompletableFuture<?> sent) throws ExecutionException {
		while (true) {
			try {
				sent.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
				return;
			}
			catch (TimeoutException ex) {
				// the producer still holds the record and retries it itself
				logger.warn("Still waiting for the broker to acknowledge a record after {}", SEND_TIMEOUT);
			}
			catch (InterruptedException ex) {
				throw interrupted(ex);
			}
		}
	}

	private static void pause() {
		try {
			Thread.sleep(RETRY_PAUSE.toMillis());
		}
		catch (InterruptedException ex) {
			throw interrupted(ex);
		}
	}

	private static IllegalStateException interrupted(InterruptedException ex) {
		Thread.currentThread().interrupt();
		return new IllegalStateException("interrupted while publishing: the deployer is stopping", ex);
	}

}
