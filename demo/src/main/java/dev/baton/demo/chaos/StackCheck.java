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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.demo.Processes;
import dev.baton.demo.Stack;

/**
 * Whether the stack is whole again after a fault: every service ready, the broker
 * running, nginx serving, both instances in rotation (wherever a surge deploy moved
 * them), no deploy running. The first thing missing is named, so a stack that does not
 * recover says why.
 */
public final class StackCheck {

	/**
	 * The instances the stack serves with: on ports 9001 and 9002 at first, on whichever
	 * ports the last surge deploy moved them to after it.
	 */
	private static final int INSTANCES = 2;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final Stack stack;

	private final Processes processes;

	private final Kafka kafka;

	private final Instant since;

	public StackCheck(Stack stack, Processes processes, Kafka kafka, Instant since) {
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
		for (FaultTarget service : FaultTarget.SERVICES) {
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
		Map<String, String> peers = this.stack.peers();
		for (Map.Entry<String, String> peer : new TreeMap<>(peers).entrySet()) {
			if (!"up".equals(peer.getValue())) {
				return Optional.of(peer.getKey() + " not in rotation (" + peer.getValue() + ")");
			}
		}
		if (peers.size() != INSTANCES) {
			return Optional.of(peers.size() + " peers in nginx, not " + INSTANCES + ": " + new TreeMap<>(peers));
		}
		try {
			Set<String> running = runningDeploys();
			return running.isEmpty() ? Optional.empty() : Optional.of("deploy still running: " + running);
		}
		catch (RuntimeException ex) {
			return Optional.of("deploy.steps not readable: " + ex.getMessage());
		}
	}

	boolean ready(FaultTarget service) {
		return get(URI.create("http://127.0.0.1:" + service.port() + "/actuator/health")) != null;
	}

	boolean brokerPaused() {
		Optional<Long> pid = this.processes.pid(FaultTarget.BROKER.process());
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
			.map((record) -> Json.mapper().readTree(record.value()))
			.toList());
	}

	/**
	 * The version the first instance in rotation reports on its health endpoint.
	 * @return the version, or empty when none answers
	 */
	public Optional<String> servingVersion() {
		return this.stack.peers()
			.entrySet()
			.stream()
			.filter((peer) -> "up".equals(peer.getValue()))
			.map(Map.Entry::getKey)
			.sorted()
			.findFirst()
			.flatMap(this::version);
	}

	private Optional<String> version(String address) {
		String body = get(URI.create("http://" + address + "/health"));
		JsonNode health = (body != null) ? Json.mapper().readTree(body) : Json.mapper().missingNode();
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
