package dev.baton.console.kafka;

import dev.baton.console.view.ConsoleView;
import dev.baton.contracts.Topic;
import dev.baton.contracts.audit.AuditRecorded;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.kafka.TopicNames;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import org.springframework.kafka.annotation.KafkaListener;

/**
 * Feeds the view from the beginning of each topic it shows: every console reads in a
 * consumer group of its own, made at start-up, so that it sees the whole fleet and the
 * deploys that topics still hold, and each console sees everything.
 */
public class ConsoleFeed {

	/**
	 * The DEPLOY gate's key on {@code nginx.commands}: {@code service/host:port/DEPLOY}.
	 */
	private static final String DEPLOY_GATE = "/DEPLOY";

	private final ConsoleView view;

	private final TopicNames topics;

	public ConsoleFeed(ConsoleView view, TopicNames topics) {
		this.view = view;
		this.topics = topics;
	}

	@KafkaListener(id = "console-feed", groupId = "baton-console-#{T(java.util.UUID).randomUUID()}",
			topics = { "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRY_STATE)}",
					"#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_COMMANDS)}",
					"#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_EVENTS)}",
					"#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_STEPS)}",
					"#{@batonTopicNames.name(T(dev.baton.contracts.Topic).AUDIT)}" })
	void on(ConsumerRecord<String, Object> record) {
		Object message = record.value();
		String key = record.key();
		Topic read = this.topics.topic(record.topic()).orElseThrow();
		if (message == null && !read.compacted()) {
			// only a compacted topic's tombstone means something
			return;
		}
		switch (read) {
			case REGISTRY_STATE -> this.view.instance(key, (InstanceSnapshot) message);
			case NGINX_COMMANDS -> gate(key, (SetPeerGate) message);
			case NGINX_EVENTS -> this.view.nginx((NginxEvent) message);
			case DEPLOY_STEPS -> this.view.step((DeployStep) message);
			case AUDIT -> this.view.audit((AuditRecorded) message);
			default -> throw new IllegalArgumentException("the console does not read " + record.topic());
		}
	}

	private void gate(String key, SetPeerGate command) {
		if (command != null) {
			this.view.gate(ConsoleView.key(command.service(), command), command);
		}
		else if (key.endsWith(DEPLOY_GATE)) {
			this.view.gate(key.substring(0, key.length() - DEPLOY_GATE.length()), null);
		}
	}

}
