package dev.baton.console.web;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * The registry's admin API, which decides on instances: an operator's decision from the
 * page goes there as the CLI's does, so that the registry refuses what the lifecycle does
 * not allow, with its reason, and audits it with the operator's name.
 */
public class RegistryClient {

	private final URI registry;

	private final String token;

	private final JsonMapper json;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	public RegistryClient(URI registry, String token, JsonMapper json) {
		this.registry = registry;
		this.token = token;
		this.json = json;
	}

	/**
	 * Asks the registry for a decision.
	 * @param instanceId the instance
	 * @param action {@code approve}, {@code offline} or {@code online}
	 * @param operator who decides
	 * @param reason why
	 * @return the registry's status and JSON answer
	 * @throws IOException when the registry does not answer
	 */
	public Reply decide(String instanceId, String action, String operator, String reason) throws IOException {
		HttpRequest request = HttpRequest
			.newBuilder(this.registry
				.resolve("/api/instances/" + URLEncoder.encode(instanceId, StandardCharsets.UTF_8) + "/" + action))
			.header("Authorization", "Bearer " + this.token)
			.header("Content-Type", "application/json")
			.timeout(Duration.ofSeconds(30))
			.POST(HttpRequest.BodyPublishers
				.ofString(this.json.writeValueAsString(Map.of("by", operator, "reason", reason))))
			.build();
		try {
			HttpResponse<String> response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
			return new Reply(response.statusCode(), response.body());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while asking the registry", ex);
		}
	}

	/**
	 * The registry's answer.
	 *
	 * @param status its HTTP status
	 * @param body its JSON body
	 */
	public record Reply(int status, String body) {

	}

}
