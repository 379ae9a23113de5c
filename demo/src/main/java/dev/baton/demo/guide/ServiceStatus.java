package dev.baton.demo.guide;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;
import dev.baton.demo.Stack;

/**
 * A service's instances as {@code baton status SERVICE --json} shows them to an operator.
 *
 * @param instances each instance's entry
 */
record ServiceStatus(List<JsonNode> instances) {

	static ServiceStatus of(Stack stack) {
		Stack.CliRun run = stack.baton("status", stack.options().service(), "--json");
		if (run.code() != 0) {
			throw new IllegalStateException("baton status exited " + run.code() + ": " + run.err().strip());
		}
		List<JsonNode> instances = new ArrayList<>();
		Json.mapper().readTree(run.out()).forEach(instances::add);
		return new ServiceStatus(instances);
	}

	/**
	 * Whether every instance serves a version: online, its DEPLOY gate open, and healthy
	 * on that version by its latest verdict.
	 * @param version the version
	 * @return false too when the service has no instance
	 */
	boolean allServing(String version) {
		return !this.instances.isEmpty() && this.instances.stream()
			.allMatch((instance) -> "ONLINE".equals(instance.path("lifecycle").asString())
					&& "open".equals(instance.path("deployGate").asString())
					&& "HEALTHY".equals(instance.path("lastHealth").path("status").asString())
					&& version.equals(instance.path("lastHealth").path("version").asString()));
	}

	/**
	 * One line for a verdict.
	 * @return each instance with its lifecycle, health and version
	 */
	String describe() {
		return this.instances.isEmpty() ? "no instance"
				: this.instances.stream()
					.map((instance) -> String.join(" ", instance.path("instanceId").asString(),
							instance.path("lifecycle").asString(),
							instance.path("lastHealth").path("status").asString("no verdict"),
							instance.path("lastHealth").path("version").asString("-"),
							"DEPLOY " + instance.path("deployGate").asString()))
					.collect(Collectors.joining(", "));
	}

}
