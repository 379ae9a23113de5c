package dev.baton.registry.kafka;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.springframework.kafka.core.KafkaOperations;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.kafka.TopicNames;
import dev.baton.registry.membership.PendingCommands;

/**
 * Sends a REST caller's message through its topic ({@code registrations}, or
 * {@code operations} for an operator's decision), like every other producer's, and waits
 * until the registry has applied it. Going through the topic keeps one order of events
 * and one audit trail, whoever the message came from.
 */
public class RegistrationsGateway {

	private final KafkaOperations<String, Object> kafka;

	private final TopicNames topics;

	private final PendingCommands pending;

	private final Duration applyTimeout;

	public RegistrationsGateway(KafkaOperations<String, Object> kafka, TopicNames topics, PendingCommands pending,
			Duration applyTimeout) {
		this.kafka = kafka;
		this.topics = topics;
		this.pending = pending;
		this.applyTimeout = applyTimeout;
	}

	/**
	 * Publishes a message and waits for it to be applied.
	 * @param message the message
	 * @return the instance after the message, or empty when it was accepted but not
	 * applied in time (or named no instance)
	 * @throws IllegalArgumentException when the registry refused the message
	 */
	public Optional<InstanceSnapshot> sendAndAwait(RegistrationMessage message) {
		return sendAndAwait(Topic.REGISTRATIONS, message.id(), message.service(), message);
	}

	/**
	 * Publishes an operator's decision and waits for it to be applied.
	 * @param message the decision
	 * @return the instance after the decision, or empty when it was accepted but not
	 * applied in time
	 * @throws IllegalArgumentException when the registry refused the decision
	 */
	public Optional<InstanceSnapshot> sendAndAwait(OperationMessage message) {
		return sendAndAwait(Topic.OPERATIONS, message.id(), message.service(), message);
	}

	private Optional<InstanceSnapshot> sendAndAwait(Topic topic, CommandId id, ServiceName service, Object message) {
		CompletableFuture<InstanceSnapshot> applied = this.pending.expect(id);
		try {
			this.kafka.send(this.topics.name(topic), service.value(), message)
				.get(this.applyTimeout.toMillis(), TimeUnit.MILLISECONDS);
			return Optional.ofNullable(applied.get(this.applyTimeout.toMillis(), TimeUnit.MILLISECONDS));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
		catch (TimeoutException ex) {
			return Optional.empty();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof IllegalArgumentException refused) {
				throw refused;
			}
			throw new IllegalStateException("could not publish to " + this.topics.name(topic), ex.getCause());
		}
		finally {
			this.pending.forget(id);
		}
	}

}
