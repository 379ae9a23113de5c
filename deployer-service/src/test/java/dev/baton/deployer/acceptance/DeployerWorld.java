package dev.baton.deployer.acceptance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Topic;
import dev.baton.contracts.Version;
import dev.baton.contracts.audit.AuditRecorded;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.contracts.registry.RegistryStateMessage;
import dev.baton.deployer.DeployerApplication;
import dev.baton.kafka.testing.ServiceProcess;
import dev.baton.kafka.testing.TestKafka;

/**
 * One isolated installation on the shared broker (its own topic prefix): the fleet as the
 * registry would publish it, the fake runtime's state directory, and deployers started
 * against it.
 */
final class DeployerWorld implements AutoCloseable {

	static final ServiceName ORDERS = ServiceName.of("orders");

	static final ServiceName BILLING = ServiceName.of("billing");

	static final int ORDERS_BASE_PORT = 18100;

	static final int BILLING_BASE_PORT = 18200;

	private static final AtomicInteger WORLDS = new AtomicInteger();

	final String prefix = "acc" + WORLDS.incrementAndGet() + "-" + System.nanoTime() % 100000 + ".";

	final TestKafka kafka;

	final Path state;

	private final List<ConfigurableApplicationContext> deployers = new ArrayList<>();

	private final List<ServiceProcess> processes = new ArrayList<>();

	DeployerWorld(String bootstrapServers, Path state) {
		this.kafka = new TestKafka(bootstrapServers);
		this.state = state;
		createTopics(bootstrapServers);
	}

	private void createTopics(String bootstrapServers) {
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
			List<NewTopic> topics = new ArrayList<>();
			for (Topic topic : Topic.values()) {
				topics.add(new NewTopic(topic.nameWith(this.prefix), 3, (short) 1));
				topics.add(new NewTopic(topic.deadLetterNameWith(this.prefix), 3, (short) 1));
			}
			admin.createTopics(topics).all().get();
		}
		catch (InterruptedException | ExecutionException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Registers instances {@code service-1..count} running {@code version}, online. */
	void instances(ServiceName service, int count, String version) {
		for (int i = 1; i <= count; i++) {
			InstanceId id = InstanceId.of(service + "-" + i);
			write(id.value() + ".version", version);
			InstanceSnapshot snapshot = new InstanceSnapshot(id, service, "127.0.0.1",
					(service.equals(ORDERS) ? ORDERS_BASE_PORT : BILLING_BASE_PORT) + i, Version.of(version), "/health",
					Lifecycle.ONLINE, new ObservedHealth(HealthStatus.HEALTHY, Version.of(version), "", Instant.now()),
					"auto-online", 3, Instant.now());
			this.kafka.send(name(Topic.REGISTRY_STATE), id.value(), Json.write(RegistryStateMessage.class, snapshot));
		}
	}

	ConfigurableApplicationContext startDeployer(String... extraProperties) {
		// as arguments, so they win over application.properties (its server.port too)
		ConfigurableApplicationContext context = new SpringApplicationBuilder(DeployerApplication.class)
			.run(arguments(extraProperties).toArray(String[]::new));
		this.deployers.add(context);
		return context;
	}

	/**
	 * Starts a deployer in a JVM of its own, which the test can kill with SIGKILL.
	 * @param name names its log file
	 * @param arguments its command line, as {@link #arguments(String...)} makes it
	 * @return the process, once it takes deploy requests
	 */
	ServiceProcess startDeployerProcess(String name, List<String> arguments) {
		ServiceProcess process = ServiceProcess.start(name, DeployerApplication.class, this.state.resolve("logs"),
				arguments);
		this.processes.add(process);
		process.awaitOutput("taking deploy requests", Duration.ofMinutes(2));
		return process;
	}

	List<String> arguments(String... extraProperties) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.kafka.bootstrap-servers", this.kafka.bootstrapServers());
		properties.put("baton.kafka.topic-prefix", this.prefix);
		properties.put("spring.kafka.consumer.group-id", "deployer-" + this.prefix);
		properties.put("server.port", "0");
		properties.put("baton.deployer.work-dir", this.state.resolve("work").toString());
		for (ServiceName service : List.of(ORDERS, BILLING)) {
			String base = "baton.deployer.services." + service + ".";
			runtime(properties, base + "runtime.activate", "activate");
			runtime(properties, base + "runtime.restart", "restart");
			properties.put(base + "runtime.command-timeout", "10s");
			properties.put(base + "health-timeout", "5s");
			properties.put(base + "drain.timeout", "10s");
			properties.put(base + "enable-timeout", "10s");
		}
		for (String extra : extraProperties) {
			String[] pair = extra.split("=", 2);
			properties.put(pair[0], pair[1]);
		}
		return properties.entrySet().stream().map((e) -> "--" + e.getKey() + "=" + e.getValue()).toList();
	}

	private void runtime(Map<String, String> properties, String key, String action) {
		List<String> argv = List.of("/bin/sh", script().toString(), action, this.state.toString(), "{instanceId}",
				"{version}");
		for (int i = 0; i < argv.size(); i++) {
			properties.put(key + "[" + i + "]", argv.get(i));
		}
	}

	private static Path script() {
		try {
			return Path.of(DeployerWorld.class.getResource("/runtime/fake-runtime.sh").toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	void request(ServiceName service, String json) {
		this.kafka.send(name(Topic.DEPLOY_REQUESTS), service.value(), json);
	}

	void cancel(String deployId) {
		request(ORDERS, "{\"type\":\"CancelDeploy\",\"deployId\":\"" + deployId
				+ "\",\"service\":\"orders\",\"requestedBy\":\"ops\",\"reason\":\"wrong day\"}");
	}

	void deploy(String deployId, String version) {
		request(ORDERS, "{\"type\":\"DeployRequested\",\"deployId\":\"" + deployId
				+ "\",\"service\":\"orders\",\"version\":\"" + version + "\",\"requestedBy\":\"ci\"}");
	}

	/**
	 * Publishes a pause, resume or cancel naming only the service, as an operator would.
	 * @param type {@code PauseDeploy}, {@code ResumeDeploy} or {@code CancelDeploy}
	 */
	void control(String type, String reason) {
		request(ORDERS, "{\"type\":\"" + type + "\",\"service\":\"orders\",\"requestedBy\":\"ops\",\"reason\":\""
				+ reason + "\"}");
	}

	void rollback(String deployId) {
		request(ORDERS, "{\"type\":\"RollbackDeploy\",\"deployId\":\"" + deployId
				+ "\",\"service\":\"orders\",\"requestedBy\":\"ops\",\"reason\":\"errors since the last release\"}");
	}

	/**
	 * Requests a deploy with more fields, e.g. {@code ,"canaryPercent":10,"bake":"PT3S"}.
	 */
	void deploy(String deployId, String version, String fields) {
		request(ORDERS, "{\"type\":\"DeployRequested\",\"deployId\":\"" + deployId
				+ "\",\"service\":\"orders\",\"version\":\"" + version + "\",\"requestedBy\":\"ci\"" + fields + "}");
	}

	List<DeployStep> steps(String deployId) {
		return this.kafka.readAll(name(Topic.DEPLOY_STEPS))
			.stream()
			.map((record) -> Json.read(bytes(record), DeployStep.class))
			.filter((step) -> step.deployId().equals(DeployId.of(deployId)))
			.toList();
	}

	List<ConsumerRecord<String, String>> stepRecords() {
		return this.kafka.readAll(name(Topic.DEPLOY_STEPS));
	}

	/** The latest record of every DEPLOY gate key, as nginx-control would rebuild it. */
	Map<String, SetPeerGate> deployGates() {
		Map<String, SetPeerGate> gates = new LinkedHashMap<>();
		for (ConsumerRecord<String, String> record : this.kafka.readAll(name(Topic.NGINX_COMMANDS))) {
			if (record.key().endsWith("/DEPLOY")) {
				gates.put(record.key(),
						(record.value() != null) ? (SetPeerGate) Json.read(bytes(record), NginxCommand.class) : null);
			}
		}
		return gates;
	}

	List<ConsumerRecord<String, String>> gateRecords() {
		return this.kafka.readAll(name(Topic.NGINX_COMMANDS));
	}

	List<AuditRecorded> audits(String subject) {
		return this.kafka.readAll(name(Topic.AUDIT))
			.stream()
			.map((record) -> Json.read(bytes(record), AuditRecorded.class))
			.filter((audit) -> audit.subject().equals(subject))
			.toList();
	}

	/** Makes activating an instance block until {@link #release(String)}. */
	void hold(String instance) throws IOException, InterruptedException {
		Process mkfifo = new ProcessBuilder("mkfifo", this.state.resolve(instance + ".hold").toString()).start();
		if (mkfifo.waitFor() != 0) {
			throw new IllegalStateException("mkfifo failed");
		}
	}

	/** Lets the blocked activation of an instance go on, and later ones through. */
	void unblock(String instance) throws IOException {
		Files.writeString(this.state.resolve(instance + ".hold"), "go\n");
		release(instance);
	}

	/**
	 * Lets later activations of an instance through; a blocked one was killed with its
	 * deployer.
	 */
	void release(String instance) throws IOException {
		Files.delete(this.state.resolve(instance + ".hold"));
	}

	String version(String instance) {
		return read(instance + ".version");
	}

	List<String> runtimeCalls() {
		Path calls = this.state.resolve("calls.log");
		return Files.exists(calls) ? Arrays.asList(read("calls.log").split("\n")) : List.of();
	}

	String name(Topic topic) {
		return topic.nameWith(this.prefix);
	}

	private static byte[] bytes(ConsumerRecord<String, String> record) {
		return record.value().getBytes(StandardCharsets.UTF_8);
	}

	private void write(String file, String content) {
		try {
			Files.writeString(this.state.resolve(file), content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private String read(String file) {
		try {
			return Files.readString(this.state.resolve(file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() {
		this.deployers.forEach(ConfigurableApplicationContext::close);
		this.processes.forEach(ServiceProcess::close);
		this.kafka.close();
	}

}
