package dev.baton.deployer.kafka;

import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.messaging.handler.annotation.Payload;
import org.springframework.stereotype.Component;

import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.RegistryStateMessage;
import dev.baton.deployer.fleet.NginxNodes;
import dev.baton.deployer.rollout.AnswerBoard;
import dev.baton.deployer.rollout.DeployDesk;
import dev.baton.deployer.rollout.RegistryFollower;

/**
 * One listener per consumed topic, each handing its message to the rollout. Deploy
 * requests are only taken once start-up has rebuilt the state, hence their listener
 * starts later.
 */
@Component
class DeployerListeners {

	static final String REQUESTS_LISTENER = "deployer-requests";

	/**
	 * One consumer group per topic (the configured group id plus a suffix), so a listener
	 * starting late never rebalances the others.
	 */
	static final String GROUP = "${spring.kafka.consumer.group-id:deployer-service}.";

	private final DeployDesk desk;

	private final RegistryFollower registry;

	private final AnswerBoard answers;

	private final NginxNodes nodes;

	DeployerListeners(DeployDesk desk, RegistryFollower registry, AnswerBoard answers, NginxNodes nodes) {
		this.desk = desk;
		this.registry = registry;
		this.answers = answers;
		this.nodes = nodes;
	}

	@KafkaListener(id = REQUESTS_LISTENER, groupId = GROUP + "requests", autoStartup = "false",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).DEPLOY_REQUESTS)}")
	void onRequest(DeployRequest request) {
		this.desk.handle(request);
	}

	@KafkaListener(id = "deployer-registry", groupId = GROUP + "registry",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).REGISTRY_STATE)}")
	void onSnapshot(@Payload(required = false) RegistryStateMessage message) {
		if (message instanceof InstanceSnapshot snapshot) {
			this.registry.onSnapshot(snapshot);
		}
	}

	@KafkaListener(id = "deployer-verdicts", groupId = GROUP + "verdicts",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).HEALTH_VERDICTS)}")
	void onVerdict(HealthVerdictMessage message) {
		this.answers.onVerdict((VerdictIssued) message);
	}

	@KafkaListener(id = "deployer-nginx-events", groupId = GROUP + "nginx-events",
			topics = "#{@batonTopicNames.name(T(dev.baton.contracts.Topic).NGINX_EVENTS)}")
	void onNginxEvent(NginxEvent event) {
		this.nodes.follow(event);
		this.answers.onNginxEvent(event);
	}

}
