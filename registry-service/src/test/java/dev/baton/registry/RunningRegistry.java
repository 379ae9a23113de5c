package dev.baton.registry;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A registry-service started for real, as its own Spring application on a random port,
 * and the HTTP calls an operator would make to it.
 */
final class RunningRegistry implements AutoCloseable {

	static final String TOKEN = "integration-test-admin-token";

	private static final JsonMapper json = JsonMapper.builder().build();

	private final ConfigurableApplicationContext context;

	private final HttpClient http = HttpClient.newHttpClient();

	private RunningRegistry(ConfigurableApplicationContext context) {
		this.context = context;
	}

	static RunningRegistry start(String bootstrapServers, String topicPrefix, String... extraProperties) {
		Map<String, String> properties = new LinkedHashMap<>(Map.of("spring.kafka.bootstrap-servers", bootstrapServers,
				"server.port", "0", "baton.kafka.topic-prefix", topicPrefix, "baton.registry.admin.token", TOKEN,
				"spring.main.banner-mode", "off"));
		for (String property : extraProperties) {
			properties.put(property.substring(0, property.indexOf('=')), property.substring(property.indexOf('=') + 1));
		}
		String[] arguments = properties.entrySet()
			.stream()
			.map((property) -> "--" + property.getKey() + "=" + property.getValue())
			.toArray(String[]::new);
		return new RunningRegistry(new SpringApplicationBuilder(RegistryApplication.class).run(arguments));
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
		return Integer.parseInt(this.context.getEnvironment().getProperty("local.server.port"));
	}

	@Override
	public void close() {
		this.context.close();
	}

}
