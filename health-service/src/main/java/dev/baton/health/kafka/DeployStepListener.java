package dev.baton.health.kafka;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;

import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.health.fleet.Fleet;
import dev.baton.health.verdict.StepLogContext;
import dev.baton.logging.LogContext;

/**
 * Hands restart steps to the fleet. Every replica must hear every step, so each uses a
 * consumer group of its own, and starts a little in the past so that a replica restarted
 * during a deploy still answers the steps it missed.
 */
public class DeployStepListener implements ConsumerSeekAware {

	private final Fleet fleet;

	private final Clock clock;

	private final Duration lookback;

	public DeployStepListener(Fleet fleet, Clock clock, Duration lookback) {
		this.fleet = fleet;
		this.clock = clock;
		this.lookback = lookback;
	}

	@KafkaListener(id = "health-deploy-steps", groupId = "#{'health-service-steps-' + T(java.util.UUID).randomUUID()}",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}")
	void on(DeployStep step) {
		if (step instanceof InstanceRestartStarted started) {
			try (LogContext context = StepLogContext.answering(started.instanceId(), started.stepId())) {
				this.fleet.restartStarted(started);
			}
		}
		else if (step instanceof InstanceRestarted restarted) {
			try (LogContext context = StepLogContext.answering(restarted.instanceId(), restarted.stepId())) {
				this.fleet.restarted(restarted);
			}
		}
	}

	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		callback.seekToTimestamp(assignments.keySet(), this.clock.millis() - this.lookback.toMillis());
	}

}
