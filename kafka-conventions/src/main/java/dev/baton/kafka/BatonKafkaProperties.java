package dev.baton.kafka;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings every service shares for its Kafka topics.
 *
 * @param topicPrefix prepended to every topic name, so several installations can share a
 * cluster
 * @param partitions partitions of the topics this service declares
 * @param replicationFactor replicas of the topics this service declares
 * @param maxRecordBytes the largest record value a consumer accepts; larger ones are
 * dead-lettered unread
 */
@Validated
@ConfigurationProperties("baton.kafka")
public record BatonKafkaProperties(
		@DefaultValue("baton.") @Pattern(regexp = "[A-Za-z0-9._-]{0,100}",
				message = "must be letters, digits, '.', '_' or '-'") String topicPrefix,
		@DefaultValue("3") @Min(1) @Max(1000) int partitions,
		@DefaultValue("1") @Min(1) @Max(7) short replicationFactor,
		@DefaultValue("65536") @Min(1024) @Max(1048576) int maxRecordBytes) {

	public BatonKafkaProperties {
		topicPrefix = (topicPrefix != null) ? topicPrefix : "";
	}

}
