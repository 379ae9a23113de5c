package dev.baton.health.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.health.HealthApplication;
import dev.baton.health.fleet.ProbedInstances;
import dev.baton.health.support.TestInstance;
import dev.baton.kafka.testing.TestKafka;

import static org.awaitility.Awaitility.await;

/**
 * One test's world: its own topic prefix on a real broker, the registry and deploy topics
 * created as their owners would, health-service replicas and test instances, all closed
 * at the end.
 */
final class HealthHarness implements AutoCloseable {

	static final int PARTITIONS = 3;

	private final String bootstrapServers;

	private final String prefix = "h" + UUID.randomUUID().toString().substring(0, 8) + ".";

	private final TestKafka kafka;

	private final JsonMapper mapper = JsonMapper.builder().build();

	private final List<ConfigurableApplicationContext> replicas = new ArrayList<>();

	private final List<TestInstance> instances = new ArrayList<>();

	HealthHarness(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
		this.kafka = new TestKafka(bootstrapServers);
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
			admin.createTopics(List.of(
					new NewTopic(topic("registry.state"), PARTITIONS, (short) 1)
						.configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT)),
					new NewTopic(topic("deploy.steps"), PARTITIONS, (short) 1)))
				.all()
				.get(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not create topics", ex);
		}
	}

	String topic(String suffix) {
		return this.prefix + suffix;
	}

	ConfigurableApplicationContext startReplica(String name, String... properties) {
		List<String> all = new ArrayList<>(List.of("spring.kafka.bootstrap-servers=" + this.bootstrapServers,
				"server.port=0", "baton.kafka.topic-prefix=" + this.prefix, "baton.health.replica.name=" + name,
				"baton.health.replica.id=" + name, "baton.health.replica.group-id=" + this.prefix + "health"));
		all.addAll(List.of(properties));
		// as arguments, so they win over application.properties
		ConfigurableApplicationContext context = new SpringApplicationBuilder(HealthApplication.class)
			.run(all.stream().map((property) -> "--" + property).toArray(String[]::new));
		this.replicas.add(context);
		return context;
	}

	/**
	 * The command-line arguments of a health-service run in a process of its own: the
	 * same ones on every start, as an operator restarting it would give.
	 * @param port its HTTP port
	 * @param properties more properties, {@code key=value}
	 * @return the arguments
	 */
	List<String> processArguments(int port, String... properties) {
		List<String> all = new ArrayList<>(List.of("spring.kafka.bootstrap-servers=" + this.bootstrapServers,
				"server.port=" + port, "baton.kafka.topic-prefix=" + this.prefix,
				"baton.health.replica.group-id=" + this.prefix + "health"));
		all.addAll(List.of(properties));
		return all.stream().map((property) -> "--" + property).toList();
	}

	TestInstance instance() {
		TestInstance instance = TestInstance.start();
		this.instances.add(instance);
		return instance;
	}

	TestInstance stoppedInstance() {
		TestInstance instance = TestInstance.stopped();
		this.instances.add(instance);
		return instance;
	}

	void registry(String instanceId, String json) {
		this.kafka.send(topic("registry.state"), instanceId, json);
	}

	void step(String json) {
		this.kafka.send(topic("deploy.steps"), "orders", json);
	}

	TestKafka kafka() {
		return this.kafka;
	}

	List<VerdictIssued> verdicts(String instanceId) {
		return this.kafka.readAll(topic("health.verdicts"))
			.stream()
			.filter((record) -> instanceId.equals(record.key()))
			.map((record) -> (VerdictIssued) this.mapper.readValue(record.value(), HealthVerdictMessage.class))
			.toList();
	}

	/**
	 * Waits for the first verdict of a status about an instance.
	 */
	VerdictIssued awaitVerdict(String instanceId, HealthStatus status, Duration patience) {
		return await().atMost(patience)
			.until(() -> verdicts(instanceId).stream()
				.filter((verdict) -> verdict.status() == status)
				.findFirst()
				.orElse(null), (found) -> found != null);
	}

	/**
	 * Waits for the verdict that answers a restart step.
	 */
	VerdictIssued awaitAnswer(String instanceId, String stepId, Duration patience) {
		return await().atMost(patience)
			.until(() -> verdicts(instanceId).stream()
				.filter((verdict) -> verdict.answersStep() != null && verdict.answersStep().value().equals(stepId))
				.findFirst()
				.orElse(null), (found) -> found != null);
	}

	static Set<InstanceId> fleet(ConfigurableApplicationContext replica) {
		return replica.getBean(ProbedInstances.class).instances();
	}

	@Override
	public void close() {
		this.replicas.forEach(ConfigurableApplicationContext::close);
		this.instances.forEach(TestInstance::close);
		this.kafka.close();
	}

}
