package dev.baton.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Makes a service's first message of a kind as quick as the ones after it. Kafka creates
 * a producer (its connection and its idempotent producer id) on the first send, and reads
 * a topic's metadata on the first send to it: the deployer's first deploy waited about
 * 140 ms for that on its first step. A message type's JSON and record methods are built
 * and linked the first time they are used (see {@link ContractJson}). Once the
 * application is ready, a background thread does all of it instead: the JSON and record
 * methods of every message type, the producer and the metadata of every topic the service
 * declares, and a first record, the service's start in the audit trail. A broker not
 * reachable yet costs only a debug line: the first send then does the work itself, as it
 * would have.
 */
final class FirstMessageWarmUp implements ApplicationListener<ApplicationReadyEvent> {

	private static final Logger logger = LoggerFactory.getLogger(FirstMessageWarmUp.class);

	private static final Duration START_RECORD_TIMEOUT = Duration.ofSeconds(10);

	private final KafkaTemplate<String, Object> kafka;

	private final TopicDeclarations declarations;

	private final ContractJson json;

	private final AuditTrail audit;

	FirstMessageWarmUp(KafkaTemplate<String, Object> kafka, TopicDeclarations declarations, ContractJson json,
			AuditTrail audit) {
		this.kafka = kafka;
		this.declarations = declarations;
		this.json = json;
		this.audit = audit;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		Thread thread = new Thread(this::warmUp, "baton-warm-up");
		thread.setDaemon(true);
		thread.start();
	}

	/**
	 * Builds the JSON of every message type, creates the producer and reads the metadata
	 * of every topic the service declares, then records the service's start in the audit
	 * trail and waits for the broker to have it: a producer's first record runs code no
	 * metadata request does (its batches, its acknowledgement and the callbacks on it),
	 * about 40 to 70 ms the first time on an idle machine.
	 */
	void warmUp() {
		logger.debug("JSON and record methods ready for {} message types", this.json.prepare().size());
		List<String> topics = this.declarations.declaredNames();
		try {
			for (String topic : topics) {
				this.kafka.partitionsFor(topic);
			}
			this.audit.record(this.audit.source(), "service.started", this.audit.source(), "ready", Map.of())
				.get(START_RECORD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			logger.debug("Producer ready for {}", topics);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (RuntimeException | ExecutionException | TimeoutException ex) {
			logger.debug("Producer not warmed up: {}", ex.toString());
		}
	}

}
