package dev.baton.kafka.testing;

import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The broker image integration tests run against where a Docker engine exists: the same
 * Apache Kafka line (4.x, KRaft) that Spring Boot manages the client for.
 */
public final class KafkaContainers {

	private KafkaContainers() {
	}

	public static KafkaContainer apacheKafka() {
		return new KafkaContainer(DockerImageName.parse("apache/kafka:4.1.1"));
	}

}
