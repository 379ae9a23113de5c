package dev.baton.nginx.kafka;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.kafka.common.TopicPartition;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.messaging.handler.annotation.Payload;

import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.nginx.sync.GateCommands;

/**
 * Feeds new records of {@code nginx.commands} to the node. Every node must see every
 * partition, so each node has a consumer group of its own (named after its node id) and
 * starts where the replay stopped, whatever the group committed before. The record's
 * timestamp goes along: the time from it to the answer is the node's command latency.
 */
public class CommandListener implements ConsumerSeekAware {

	private final GateCommands commands;

	private final CommandReplay replay;

	private final Set<TopicPartition> started = ConcurrentHashMap.newKeySet();

	public CommandListener(GateCommands commands, CommandReplay replay) {
		this.commands = commands;
		this.replay = replay;
	}

	@KafkaListener(id = "baton-nginx-commands",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_COMMANDS)}",
			groupId = "baton-nginx-control-${baton.nginx-control.node-id}")
	void on(@Header(KafkaHeaders.RECEIVED_KEY) String key, @Header(KafkaHeaders.RECEIVED_TIMESTAMP) long timestamp,
			@Payload(required = false) NginxCommand command) {
		this.commands.accept(key, command, Instant.ofEpochMilli(timestamp));
	}

	@Override
	public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		// Later rebalances keep the committed position: only the first assignment starts
		// at the replay's end.
		assignments.keySet()
			.stream()
			.filter(this.started::add)
			.forEach((partition) -> callback.seek(partition.topic(), partition.partition(),
					this.replay.startOf(partition)));
	}

}
