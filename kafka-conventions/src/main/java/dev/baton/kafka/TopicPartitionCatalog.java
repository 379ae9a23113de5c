package dev.baton.kafka;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TopicExistsException;

import org.springframework.kafka.core.KafkaAdmin;

import dev.baton.contracts.Topic;

/**
 * The partitions of a topic, for listeners that read every partition by assignment
 * instead of through a consumer group: a reader of answers (drains, verdicts, restart
 * steps) must be reading within seconds of its start, and a group whose previous member
 * was killed holds its partitions until that member's session times out. The topic is
 * declared first if it does not exist yet, with its contract's settings, since such a
 * reader may start before the service that owns the topic.
 * <p>
 * Use it from {@code @KafkaListener(topicPartitions = @TopicPartition(topic = "…",
 * partitions = "#{@batonPartitions.of(T(dev.baton.contracts.Topic).NGINX_EVENTS)}"))}.
 */
public class TopicPartitionCatalog {

	private static final Duration PATIENCE = Duration.ofSeconds(60);

	private static final Duration ANSWER = Duration.ofSeconds(10);

	private final KafkaAdmin admin;

	private final TopicDeclarations declarations;

	private final TopicNames names;

	public TopicPartitionCatalog(KafkaAdmin admin, TopicDeclarations declarations, TopicNames names) {
		this.admin = admin;
		this.declarations = declarations;
		this.names = names;
	}

	/**
	 * The topic's partition numbers, declaring the topic if it is missing.
	 * @param topic the topic
	 * @return its partitions, as the listener annotation takes them
	 * @throws IllegalStateException when the broker does not answer in time
	 */
	public String[] of(Topic topic) {
		String name = this.names.name(topic);
		long giveUpAt = System.nanoTime() + PATIENCE.toNanos();
		while (true) {
			// One client for both calls: a service asks for several topics while it
			// starts,
			// and every client the template would make costs a connection and its
			// threads.
			try (Admin client = Admin.create(this.admin.getConfigurationProperties())) {
				declare(client, topic);
				TopicDescription described = client.describeTopics(List.of(name))
					.allTopicNames()
					.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS)
					.get(name);
				return described.partitions()
					.stream()
					.map(TopicPartitionInfo::partition)
					.map(String::valueOf)
					.toArray(String[]::new);
			}
			catch (ExecutionException | TimeoutException | RuntimeException ex) {
				if (System.nanoTime() - giveUpAt > 0) {
					throw new IllegalStateException(
							"cannot list the partitions of " + name + " within " + PATIENCE + ": " + ex.getMessage(),
							ex);
				}
				pause();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted while listing the partitions of " + name, ex);
			}
		}
	}

	private void declare(Admin client, Topic topic) throws ExecutionException, InterruptedException, TimeoutException {
		try {
			client.createTopics(List.of(this.declarations.newTopic(topic)))
				.all()
				.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			if (!(ex.getCause() instanceof TopicExistsException)) {
				throw ex;
			}
		}
	}

	private static void pause() {
		try {
			Thread.sleep(500);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while listing partitions", ex);
		}
	}

}
