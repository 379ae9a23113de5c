package dev.baton.kafka;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import tools.jackson.databind.json.JsonMapper;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaConsumerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.serializer.DelegatingByTypeSerializer;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.kafka.support.serializer.JacksonJsonSerializer;
import org.springframework.util.backoff.FixedBackOff;

import dev.baton.contracts.Topic;

/**
 * Applies Baton's Kafka conventions to any service that has this module on its class
 * path.
 */
@AutoConfiguration(before = KafkaAutoConfiguration.class)
@EnableConfigurationProperties(BatonKafkaProperties.class)
public class BatonKafkaAutoConfiguration {

	/** Room for a dead-lettered oversized record plus its headers. */
	private static final int MAX_REQUEST_BYTES = TopicDeclarations.TOPIC_MAX_MESSAGE_BYTES + 64 * 1024;

	@Bean
	TopicNames batonTopicNames(BatonKafkaProperties properties) {
		return new TopicNames(properties.topicPrefix());
	}

	@Bean
	TopicDeclarations batonTopicDeclarations(TopicNames names, BatonKafkaProperties properties) {
		return new TopicDeclarations(names, properties);
	}

	@Bean
	KafkaAdmin.NewTopics batonSharedTopics(TopicDeclarations declarations) {
		return declarations.declare(Topic.AUDIT);
	}

	@Bean
	KafkaAdmin.NewTopics batonDeadLetterTopics(TopicDeclarations declarations) {
		return declarations.declareDeadLetters();
	}

	@Bean
	TopicPartitionCatalog batonPartitions(KafkaAdmin admin, TopicDeclarations declarations, TopicNames names) {
		return new TopicPartitionCatalog(admin, declarations, names);
	}

	@Bean
	ContractJson batonContractJson(JsonMapper mapper) {
		return new ContractJson(mapper);
	}

	@Bean
	DefaultKafkaConsumerFactoryCustomizer batonConsumerFactoryCustomizer(TopicNames names,
			BatonKafkaProperties properties, ContractJson json) {
		return (factory) -> {
			// A Baton consumer never skips what was published before it first joined.
			factory.updateConfigs(Map.of(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
					ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false, ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
					"earliest"));
			DefaultKafkaConsumerFactory<String, Object> typed = typed(factory);
			typed.setKeyDeserializerSupplier(
					() -> new ErrorHandlingDeserializer<>(new TopicKeyDeserializer(names)).keyDeserializer(true));
			typed.setValueDeserializerSupplier(() -> new ErrorHandlingDeserializer<>(
					new TopicTypedJsonDeserializer(names, properties.maxRecordBytes(), json.reader())));
		};
	}

	@Bean
	DefaultKafkaProducerFactoryCustomizer batonProducerFactoryCustomizer(TopicNames names, ContractJson json) {
		return (factory) -> {
			factory.updateConfigs(Map.of(ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
					true, ProducerConfig.MAX_REQUEST_SIZE_CONFIG, MAX_REQUEST_BYTES,
					ProducerConfig.PARTITIONER_CLASS_CONFIG, PeerPartitioner.class.getName(),
					PeerPartitioner.NGINX_COMMANDS_TOPIC, names.name(Topic.NGINX_COMMANDS)));
			// Every message is an event or an answer some service waits for (the
			// deployer for a drain, a verdict, a step): sent at once, not after
			// Kafka's default 5 ms linger, unless a service chose to batch.
			if (!factory.getConfigurationProperties().containsKey(ProducerConfig.LINGER_MS_CONFIG)) {
				factory.updateConfigs(Map.of(ProducerConfig.LINGER_MS_CONFIG, 0));
			}
			DefaultKafkaProducerFactory<String, Object> typed = typed(factory);
			typed.setKeySerializerSupplier(BatonKafkaAutoConfiguration::keySerializer);
			typed.setValueSerializerSupplier(() -> valueSerializer(json.writer()));
		};
	}

	/** Every Baton record has a String key and a JSON (or raw dead-letter) value. */
	@SuppressWarnings("unchecked")
	private static DefaultKafkaConsumerFactory<String, Object> typed(DefaultKafkaConsumerFactory<?, ?> factory) {
		return (DefaultKafkaConsumerFactory<String, Object>) factory;
	}

	@SuppressWarnings("unchecked")
	private static DefaultKafkaProducerFactory<String, Object> typed(DefaultKafkaProducerFactory<?, ?> factory) {
		return (DefaultKafkaProducerFactory<String, Object>) factory;
	}

	/**
	 * String keys, raw bytes for the dead letter of a record whose key could not be read.
	 */
	@SuppressWarnings({ "unchecked", "rawtypes" })
	private static Serializer<String> keySerializer() {
		Map<Class<?>, Serializer<?>> byType = new LinkedHashMap<>();
		byType.put(String.class, new StringSerializer());
		byType.put(byte[].class, new ByteArraySerializer());
		return (Serializer) new DelegatingByTypeSerializer(byType);
	}

	/**
	 * JSON for messages, raw bytes for dead letters that could not be read in the first
	 * place.
	 */
	private static Serializer<Object> valueSerializer(JsonMapper mapper) {
		Map<Class<?>, Serializer<?>> byType = new LinkedHashMap<>();
		byType.put(byte[].class, new ByteArraySerializer());
		byType.put(Object.class, new JacksonJsonSerializer<>(mapper).noTypeInfo());
		return new DelegatingByTypeSerializer(byType, true);
	}

	@Bean
	CompactedTopicReader batonCompactedTopicReader(ConsumerFactory<String, Object> consumers, TopicNames names,
			DeadLetterRecoverer deadLetters) {
		return new CompactedTopicReader(consumers, names, deadLetters);
	}

	@Bean
	AuditTrail batonAuditTrail(KafkaTemplate<String, Object> kafka, TopicNames names,
			@Value("${spring.application.name:baton}") String source) {
		return new AuditTrail(kafka, names, source);
	}

	/**
	 * Listener containers commit offsets without waiting for the broker's answer: the
	 * next record (a drain answer the deployer waits for, a gate command) is not held up
	 * by the commit of the one before. A record whose offset was not yet committed when a
	 * service stops is read again, which every Baton handler allows.
	 * @return the customizer Spring Boot applies to its listener container factory
	 */
	@Bean
	ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> batonListenerContainerCustomizer() {
		return (container) -> container.getContainerProperties().setSyncCommits(false);
	}

	@Bean
	FirstMessageWarmUp batonFirstMessageWarmUp(KafkaTemplate<String, Object> kafka, TopicDeclarations declarations,
			ContractJson json, AuditTrail audit) {
		return new FirstMessageWarmUp(kafka, declarations, json, audit);
	}

	@Bean
	KafkaHealthIndicator kafkaHealthIndicator(KafkaAdmin admin) {
		return new KafkaHealthIndicator(admin);
	}

	@Bean
	DeadLetterCounters batonDeadLetterCounters(ObjectProvider<MeterRegistry> meters, TopicNames names,
			ObjectProvider<KafkaListenerEndpointRegistry> listeners) {
		return new DeadLetterCounters(meters.getIfAvailable(SimpleMeterRegistry::new), names, listeners);
	}

	/**
	 * Dead-letters for listeners and for replays alike, so a record is dead-lettered once
	 * whichever meets it first.
	 */
	@Bean
	DeadLetterRecoverer batonDeadLetterRecoverer(KafkaTemplate<String, Object> kafka,
			ConsumerFactory<String, Object> consumers, AuditTrail audit, DeadLetterCounters deadLetterCounters) {
		return new DeadLetterRecoverer(kafka, new DeadLetterLedger(consumers.getConfigurationProperties()), audit,
				deadLetterCounters);
	}

	@Bean
	DefaultErrorHandler batonErrorHandler(DeadLetterRecoverer deadLetters) {
		DefaultErrorHandler handler = new DefaultErrorHandler(deadLetters, new FixedBackOff(200, 2));
		handler.addNotRetryableExceptions(IllegalArgumentException.class, NullPointerException.class,
				ClassCastException.class, RejectedMessageException.class);
		return handler;
	}

}
