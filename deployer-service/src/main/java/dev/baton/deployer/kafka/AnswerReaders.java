package dev.baton.deployer.kafka;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.stereotype.Component;

import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.fleet.PeerReports;
import dev.baton.deployer.rollout.answer.AnswerBoard;

/**
 * Reads the answers a deploy waits for, nginx nodes' events and health-service's
 * verdicts, by assignment of every partition rather than through a consumer group: a
 * deployer killed and started again reads them at once, instead of waiting for the dead
 * member's session to time out. Each starts from a position start-up chose (where the
 * read-back of recent events stopped; for verdicts, the start of the oldest deploy to
 * resume), so no answer is missed and none is read twice.
 */
@Component
class AnswerReaders implements ConsumerSeekAware {

	static final String NGINX_EVENTS = "deployer-nginx-events";

	static final String VERDICTS = "deployer-verdicts";

	private final NginxNodes nodes;

	private final AnswerBoard answers;

	private final PeerReports reports;

	private final Map<TopicPartition, Long> from = new ConcurrentHashMap<>();

	private final CountDownLatch positioned = new CountDownLatch(2);

	AnswerReaders(NginxNodes nodes, AnswerBoard answers, PeerReports reports) {
		this.nodes = nodes;
		this.answers = answers;
		this.reports = reports;
	}

	@KafkaListener(id = NGINX_EVENTS, groupId = DeployerListeners.GROUP + "nginx-events", autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_EVENTS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).NGINX_EVENTS)}"))
	void onNginxEvent(NginxEvent event) {
		this.nodes.follow(event);
		this.reports.observe(event);
		this.answers.onNginxEvent(event);
	}

	@KafkaListener(id = VERDICTS, groupId = DeployerListeners.GROUP + "verdicts", autoStartup = "false",
			topicPartitions = @org.springframework.kafka.annotation.TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}"))
	void onVerdict(HealthVerdictMessage message) {
		this.answers.onVerdict((VerdictIssued) message);
	}

	/**
	 * Where each partition is read from once its reader starts.
	 * @param positions offsets by partition
	 */
	void startFrom(Map<TopicPartition, Long> positions) {
		this.from.putAll(positions);
	}

	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		assignments.keySet().forEach((partition) -> {
			Long offset = this.from.get(partition);
			if (offset != null) {
				callback.seek(partition.topic(), partition.partition(), offset);
			}
		});
		this.positioned.countDown();
	}

	/**
	 * Waits until both readers have their partitions and positions.
	 * @throws IllegalStateException when that takes longer than a minute
	 */
	void awaitPositioned() throws InterruptedException {
		if (!this.positioned.await(1, TimeUnit.MINUTES)) {
			throw new IllegalStateException("the readers of nginx.events and health.verdicts were not assigned their "
					+ "partitions within a minute");
		}
	}

}
