package dev.baton.deployer.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.deployer.rollout.run.DeployDesk;

/**
 * Reads the dead letters of {@code deploy.requests}: a deploy request that could not be
 * read (a version such as {@code v2; rm -rf /}, a missing field) was dead-lettered by the
 * conventions, and when its raw JSON still names a usable deploy id and service, CI
 * waiting on that id is told why with a {@code DeployRejected}. Only requests that start
 * a deploy of their own id are answered so (a deploy, a rollback): a pause, resume or
 * cancel names a deploy that is not theirs. Nothing else of such a request is ever used.
 */
@Component
class UnreadableRequestListener {

	static final String LISTENER = "deployer-unreadable-requests";

	/** Where the conventions put the one-line reason of a dead letter. */
	private static final String REASON_HEADER = "baton-dlt-reason";

	/** The requests whose deploy id is the one of the deploy they would start. */
	private static final Set<Object> STARTING = Set.of("DeployRequested", "RollbackDeploy");

	private final DeployDesk desk;

	private final JsonMapper mapper;

	UnreadableRequestListener(DeployDesk desk, JsonMapper mapper) {
		this.desk = desk;
		this.mapper = mapper;
	}

	@KafkaListener(id = LISTENER, groupId = DeployerListeners.GROUP + "unreadable-requests", autoStartup = "false",
			containerFactory = "rawRecordsContainerFactory",
			properties = { DeployerListeners.STATIC_MEMBER + "-unreadable-requests",
					DeployerListeners.SESSION_TIMEOUT },
			topics = "#{@batonTopicNames.deadLetter(T(dev.baton.contracts.Topic).DEPLOY_REQUESTS)}")
	void onDeadLetter(ConsumerRecord<String, byte[]> record) {
		Map<?, ?> json = parse(record.value());
		if (json != null && STARTING.contains(json.get("type")) && json.get("deployId") instanceof String id
				&& json.get("service") instanceof String service && usable(id, service)) {
			Header reason = record.headers().lastHeader(REASON_HEADER);
			this.desk.rejectUnreadable(DeployId.of(id), ServiceName.of(service),
					(reason != null) ? new String(reason.value(), StandardCharsets.UTF_8) : "not a valid request");
		}
	}

	private Map<?, ?> parse(byte[] value) {
		try {
			return (value != null) ? this.mapper.readValue(value, Map.class) : null;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	private static boolean usable(String deployId, String service) {
		try {
			DeployId.of(deployId);
			ServiceName.of(service);
			return true;
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

}
