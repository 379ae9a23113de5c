package dev.baton.nginx.kafka;

import java.time.Instant;
import java.util.Map;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.annotation.TopicPartition;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.messaging.handler.annotation.Payload;

import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.kafka.PeerPartitions;
import dev.baton.nginx.sync.GateCommands;

/**
 * Feeds new records of {@code nginx.commands} to the node. Every node must see every
 * partition, and a node killed and started again must take commands within seconds: it
 * reads every partition by assignment, not through a consumer group (a group would keep
 * the killed member, and its partitions, until its session timed out), from where the
 * replay stopped. Offsets it commits (under a group named after the node) are never read
 * back. The record's timestamp goes along: the time from it to the answer is the node's
 * command latency.
 */
public class CommandListener implements ConsumerSeekAware {

	private final GateCommands commands;

	private final CommandReplay replay;

	private final PeerPartitions partitions;

	public CommandListener(GateCommands commands, CommandReplay replay, PeerPartitions partitions) {
		this.commands = commands;
		this.replay = replay;
		this.partitions = partitions;
	}

	@KafkaListener(id = "baton-nginx-commands", groupId = "baton-nginx-control-${baton.nginx-control.node-id}",
			topicPartitions = @TopicPartition(
					topic = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_COMMANDS)}",
					partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).NGINX_COMMANDS)}"))
	void on(@Header(KafkaHeaders.RECEIVED_KEY) String key, @Header(KafkaHeaders.RECEIVED_PARTITION) int partition,
			@Header(KafkaHeaders.RECEIVED_TIMESTAMP) long timestamp, @Payload(required = false) NginxCommand command) {
		this.partitions.require(key, partition);
		this.commands.accept(key, command, Instant.ofEpochMilli(timestamp));
	}

	@Override
	public void onPartitionsAssigned(Map<org.apache.kafka.common.TopicPartition, Long> assignments,
			ConsumerSeekCallback callback) {
		assignments.keySet()
			.forEach((partition) -> callback.seek(partition.topic(), partition.partition(),
					this.replay.startOf(partition)));
	}

}
