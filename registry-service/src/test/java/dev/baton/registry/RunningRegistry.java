package dev.baton.registry;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import java.nio.file.Path;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

import dev.baton.kafka.testing.FreePorts;
import dev.baton.kafka.testing.ServiceProcess;

/**
 * A registry-service started for real, as its own Spring application on a random port (in
 * this JVM, or in a process of its own that a test can kill), and the HTTP calls an
 * operator would make to it.
 */
final class RunningRegistry implements AutoCloseable {

	static final String TOKEN = "integration-test-admin-token";

	private static final JsonMapper json = JsonMapper.builder().build();

	private final int port;

	private final AutoCloseable running;

	private final HttpClient http = HttpClient.newHttpClient();

	private RunningRegistry(int port, AutoCloseable running) {
		this.port = port;
		this.running = running;
	}

	static RunningRegistry start(String bootstrapServers, String topicPrefix, String... extraProperties) {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(RegistryApplication.class)
			.run(arguments(bootstrapServers, topicPrefix, extraProperties));
		return new RunningRegistry(Integer.parseInt(context.getEnvironment().getProperty("local.server.port")),
				context);
	}

	/**
	 * Starts the registry in a JVM of its own and waits until it has started.
	 * @param logs where its output goes
	 * @param port its HTTP port, the same on every start of the same registry
	 */
	static RunningRegistry startProcess(Path logs, int port, String bootstrapServers, String topicPrefix) {
		ServiceProcess process = ServiceProcess.start("registry-" + port, RegistryApplication.class, logs,
				List.of(arguments(bootstrapServers, topicPrefix, "server.port=" + port)));
		process.awaitOutput("Started RegistryApplication", Duration.ofSeconds(90));
		return new RunningRegistry(port, process);
	}

	static int freePort() {
		return FreePorts.next();
	}

	private static String[] arguments(String bootstrapServers, String topicPrefix, String... extraProperties) {
		Map<String, String> properties = new LinkedHashMap<>(Map.of("spring.kafka.bootstrap-servers", bootstrapServers,
				"server.port", "0", "baton.kafka.topic-prefix", topicPrefix, "baton.registry.admin.token", TOKEN,
				"spring.main.banner-mode", "off"));
		for (String property : extraProperties) {
			properties.put(property.substring(0, property.indexOf('=')), property.substring(property.indexOf('=') + 1));
		}
		return properties.entrySet()
			.stream()
			.map((property) -> "--" + property.getKey() + "=" + property.getValue())
			.toArray(String[]::new);
	}

	HttpResponse<String> call(String method, String path, String body, String token) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
			.method(method,
					(body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody())
			.header("Content-Type", "application/json");
		if (token != null) {
			request.header("Authorization", "Bearer " + token);
		}
		try {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	HttpResponse<String> call(String method, String path, String body) {
		return call(method, path, body, TOKEN);
	}

	/**
	 * The instance as the admin API shows it, or null when unknown.
	 */
	JsonNode instance(String id) {
		HttpResponse<String> response = call("GET", "/api/instances/" + id, null);
		return (response.statusCode() == 200) ? json.readTree(response.body()) : null;
	}

	String lifecycle(String id) {
		JsonNode instance = instance(id);
		return (instance != null) ? instance.get("lifecycle").asString() : null;
	}

	JsonNode instances() {
		return json.readTree(call("GET", "/api/instances", null).body());
	}

	int port() {
		return this.port;
	}

	/**
	 * The container of one of the registry's listeners, for a registry started in this
	 * JVM: lets a test hold one consumer back while the others read on.
	 */
	MessageListenerContainer listener(String id) {
		return ((ConfigurableApplicationContext) this.running).getBean(KafkaListenerEndpointRegistry.class)
			.getListenerContainer(id);
	}

	/** SIGKILL, for a registry started in a process of its own. */
	void kill() {
		((ServiceProcess) this.running).kill();
	}

	@Override
	public void close() {
		try {
			this.running.close();
		}
		catch (Exception ex) {
			throw new IllegalStateException("cannot stop the registry", ex);
		}
	}

}
