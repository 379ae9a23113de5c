package dev.baton.demo.chaos;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Kafka;
import dev.baton.demo.Stack;

/**
 * Whether the stack is whole again after a fault: every service ready, the broker
 * running, nginx serving, every instance in rotation, no deploy running. The first thing
 * missing is named, so a stack that does not recover says why.
 */
final class StackCheck {

	private static final List<Integer> INSTANCE_PORTS = List.of(9001, 9002);

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final Stack stack;

	private final Processes processes;

	private final Kafka kafka;

	private final Instant since;

	StackCheck(Stack stack, Processes processes, Kafka kafka, Instant since) {
		this.stack = stack;
		this.processes = processes;
		this.kafka = kafka;
		this.since = since;
	}

	/**
	 * What keeps the stack from being whole.
	 * @return the first thing missing, or empty when the stack is whole
	 */
	Optional<String> missing() {
		for (Target service : Target.SERVICES) {
			if (!ready(service)) {
				return Optional.of(service.process() + " not ready");
			}
		}
		if (brokerPaused()) {
			return Optional.of("broker paused or down");
		}
		if (get(this.stack.options().nginx().resolve("/health")) == null) {
			return Optional.of("nginx not serving");
		}
		for (int port : INSTANCE_PORTS) {
			String state = this.stack.peerState(port);
			if (!"up".equals(state)) {
				return Optional.of("127.0.0.1:" + port + " not in rotation (" + state + ")");
			}
		}
		try {
			Set<String> running = runningDeploys();
			return running.isEmpty() ? Optional.empty() : Optional.of("deploy still running: " + running);
		}
		catch (RuntimeException ex) {
			return Optional.of("deploy.steps not readable: " + ex.getMessage());
		}
	}

	boolean ready(Target service) {
		return get(URI.create("http://127.0.0.1:" + service.port() + "/actuator/health")) != null;
	}

	boolean brokerPaused() {
		Optional<Long> pid = this.processes.pid(Target.BROKER.process());
		if (pid.isEmpty()) {
			return true;
		}
		try {
			String stat = Files.readString(Path.of("/proc", pid.get().toString(), "stat"));
			return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
		}
		catch (IOException ex) {
			return true;
		}
	}

	Set<String> runningDeploys() {
		return DeploySteps.unfinished(this.kafka.readToEnd(PhaseTrigger.STEPS, this.since)
			.stream()
			.filter((record) -> record.value() != null)
			.map((record) -> Kafka.JSON.readTree(record.value()))
			.toList());
	}

	/**
	 * The version an instance reports on its health endpoint.
	 * @param port the instance's port
	 * @return the version, or empty when it does not answer
	 */
	Optional<String> version(int port) {
		String body = get(URI.create("http://127.0.0.1:" + port + "/health"));
		JsonNode health = (body != null) ? Kafka.JSON.readTree(body) : Kafka.JSON.missingNode();
		return Optional.of(health.path("version").asString("")).filter((version) -> !version.isEmpty());
	}

	private String get(URI uri) {
		try {
			HttpResponse<String> response = this.http.send(
					HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3)).build(),
					HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200) ? response.body() : null;
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

}
