package dev.baton.kafka;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Makes a service's first message of a kind as quick as the ones after it. Kafka creates
 * a producer (its connection and its idempotent producer id) on the first send, and reads
 * a topic's metadata on the first send to it: the deployer's first deploy waited about
 * 140 ms for that on its first step. Jackson builds a message type's writer and reader
 * the first time it meets the type. Once the application is ready, a background thread
 * does all of it instead: the JSON of every message type, the producer and the metadata
 * of every topic the service declares. A broker not reachable yet costs only a debug
 * line: the first send then does the work itself, as it would have.
 */
final class FirstMessageWarmUp implements ApplicationListener<ApplicationReadyEvent> {

	private static final Logger logger = LoggerFactory.getLogger(FirstMessageWarmUp.class);

	private final KafkaTemplate<String, Object> kafka;

	private final TopicDeclarations declarations;

	private final ContractJson json;

	FirstMessageWarmUp(KafkaTemplate<String, Object> kafka, TopicDeclarations declarations, ContractJson json) {
		this.kafka = kafka;
		this.declarations = declarations;
		this.json = json;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		Thread thread = new Thread(this::warmUp, "baton-warm-up");
		thread.setDaemon(true);
		thread.start();
	}

	/**
	 * Builds the JSON of every message type, then creates the producer and reads the
	 * metadata of every topic the service declares.
	 */
	void warmUp() {
		logger.debug("JSON ready for {} message types", this.json.prepare().size());
		List<String> topics = this.declarations.declaredNames();
		for (String topic : topics) {
			try {
				this.kafka.partitionsFor(topic);
			}
			catch (RuntimeException ex) {
				logger.debug("Producer not warmed up for {}: {}", topic, ex.toString());
				return;
			}
		}
		logger.debug("Producer ready for {}", topics);
	}

}
