package dev.baton.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * An operator's decision about an instance, sent to the registry's admin API so that a
 * decision the lifecycle does not allow is refused at once, with the reason.
 */
abstract class DecisionCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", description = "the instance id")
	private String instance;

	@Option(names = "--reason", defaultValue = "", description = "why, for the audit trail")
	private String reason;

	@Option(names = "--by", description = "who decides (default: $USER)")
	private String by;

	abstract String action();

	@Override
	public Integer call() throws IOException, InterruptedException {
		String body = Json.mapper()
			.writeValueAsString(Map.of("by", Requester.orCurrentUser(this.by), "reason", this.reason));
		HttpRequest request = HttpRequest
			.newBuilder(URI.create(this.connection.registryUrl() + "/api/instances/"
					+ URLEncoder.encode(this.instance, StandardCharsets.UTF_8) + "/" + action()))
			.header("Authorization", "Bearer " + this.connection.token())
			.header("Content-Type", "application/json")
			.timeout(Duration.ofSeconds(30))
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build();
		HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
		if (response.statusCode() / 100 == 2) {
			String lifecycle = Json.mapper().readTree(response.body()).path("lifecycle").asString("accepted");
			this.spec.commandLine().getOut().printf("%s: %s%n", this.instance, lifecycle);
			return ExitCode.OK;
		}
		this.spec.commandLine()
			.getErr()
			.printf("baton: %s refused (%d): %s%n", action(), response.statusCode(),
					Json.mapper().readTree(response.body()).path("error").asString(response.body()));
		return (response.statusCode() / 100 == 4) ? ExitCode.REJECTED : ExitCode.FAILED;
	}

}
