package dev.baton.health.kafka;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;

import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.health.fleet.ProbedInstances;
import dev.baton.health.recovery.OwedRestart;
import dev.baton.health.recovery.OwedRestarts;
import dev.baton.health.verdict.StepLogContext;
import dev.baton.kafka.CompactedTopicReader;
import dev.baton.logging.LogContext;

/**
 * Hands restart steps to the fleet. Every replica must hear every step, so each reads
 * every partition by assignment, without a consumer group whose killed member would hold
 * the partitions until its session times out. Before the first live step, the steps
 * published over the look-back window are read back and those still owed a verdict are
 * resumed; live reading then goes on from exactly where that read ended.
 */
public class RestartStepListener implements ConsumerSeekAware {

	private static final Logger logger = LoggerFactory.getLogger(RestartStepListener.class);

	private final ProbedInstances fleet;

	private final CompactedTopicReader history;

	private final Duration lookback;

	public RestartStepListener(ProbedInstances fleet, CompactedTopicReader history, Duration lookback) {
		this.fleet = fleet;
		this.history = history;
		this.lookback = lookback;
	}

	@KafkaListener(id = "health-deploy-steps", idIsGroup = false,
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}"))
	void on(DeployStep step) {
		if (step instanceof InstanceRestartStarted started) {
			try (LogContext context = StepLogContext.answering(started.instanceId(), started.stepId())) {
				warnIfLongerThanLookback(started.healthTimeoutMillis());
				this.fleet.restartStarted(started);
			}
		}
		else if (step instanceof InstanceRestarted restarted) {
			try (LogContext context = StepLogContext.answering(restarted.instanceId(), restarted.stepId())) {
				this.fleet.restarted(restarted);
			}
		}
	}

	private void warnIfLongerThanLookback(long healthTimeoutMillis) {
		if (healthTimeoutMillis > this.lookback.toMillis()) {
			logger.warn("Restart step waits {} ms for a verdict, longer than baton.health.replica.steps-lookback ({}):"
					+ " a replica restarted during it would not find it", healthTimeoutMillis, this.lookback);
		}
	}

	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		ReadBack history = readBack(assignments);
		logger.info("{} restart steps still await a verdict", history.owed().owed().size());
		for (OwedRestart restart : history.owed().owed()) {
			try (LogContext context = StepLogContext.answering(restart.instanceId(), restart.stepId())) {
				this.fleet.resume(restart);
			}
		}
		history.end().forEach((partition, offset) -> callback.seek(partition.topic(), partition.partition(), offset));
	}

	/**
	 * Reads the window back, again while the broker does not answer: live steps must not
	 * be taken before the owed ones are known.
	 */
	private ReadBack readBack(Map<TopicPartition, Long> assignments) {
		while (true) {
			OwedRestarts owed = new OwedRestarts();
			try {
				// within the lookback of the newest step, on the deployer's clock that
				// stamped them all, not this replica's
				Map<TopicPartition, Long> end = this.history.readLatest(assignments.keySet(), this.lookback,
						(key, step) -> owed.add((DeployStep) step));
				return new ReadBack(owed, end);
			}
			catch (TimeoutException ex) {
				logger.warn("Could not read the recent deploy steps back yet: {}", ex.getMessage());
			}
		}
	}

	/** What the window held, and where live reading goes on. */
	private record ReadBack(OwedRestarts owed, Map<TopicPartition, Long> end) {
	}

}
