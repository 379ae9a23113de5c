package dev.baton.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.databind.JsonNode;

import dev.baton.cli.Connection;
import dev.baton.cli.Json;
import dev.baton.cli.Kafka;
import dev.baton.loadgen.report.TimelineEvent;

/**
 * What happened during a scenario, for the chart and the report: the demo's own actions
 * and the deploy's steps as the deployer published them.
 */
public final class Timeline {

	/**
	 * Marked from the scenario's thread and, during a surge deploy, the peers sampler's.
	 */
	private final List<TimelineEvent> events = Collections.synchronizedList(new ArrayList<>());

	private final List<JsonNode> steps = new ArrayList<>();

	void mark(String label) {
		this.events.add(new TimelineEvent(Instant.now(), label));
	}

	/**
	 * Adds every step of a deploy published since a point in time.
	 * @param options the stack
	 * @param deployId the deploy
	 * @param since when the scenario started
	 */
	void addSteps(DemoOptions options, String deployId, Instant since) {
		addSteps(options, since, (step) -> deployId.equals(step.path("deployId").asString()));
	}

	/**
	 * Adds every step of the stack's service's deploys published since a point in time,
	 * whoever asked for them.
	 * @param options the stack, naming the service
	 * @param since when to read from
	 */
	public void addServiceSteps(DemoOptions options, Instant since) {
		addSteps(options, since, (step) -> options.service().equals(step.path("service").asString()));
	}

	private void addSteps(DemoOptions options, Instant since, Predicate<JsonNode> wanted) {
		try (Kafka kafka = new Kafka(Connection.of(options.kafka(), "baton."))) {
			for (ConsumerRecord<String, String> record : kafka.readToEnd("deploy.steps", since)) {
				JsonNode step = Json.mapper().readTree(record.value());
				if (wanted.test(step)) {
					add(step);
				}
			}
		}
	}

	/**
	 * Adds a deploy's step, and an event labelled with its type and instance.
	 * @param step the step as the deployer published it
	 */
	void add(JsonNode step) {
		this.steps.add(step);
		String instance = step.path("instanceId").asString("");
		String phase = "ROLLBACK".equals(step.path("phase").asString("")) ? " (rollback)" : "";
		this.events.add(new TimelineEvent(Instant.parse(step.path("at").asString()),
				(step.path("type").asString() + " " + instance + phase).trim()));
	}

	/**
	 * The last step of a type.
	 * @param type the step's type
	 * @return the step, or a missing node
	 */
	JsonNode step(String type) {
		return this.steps.stream()
			.filter((step) -> type.equals(step.path("type").asString()))
			.reduce((first, second) -> second)
			.orElse(Json.mapper().missingNode());
	}

	/**
	 * The deploy's steps, in the order they were published.
	 * @return the steps
	 */
	public List<JsonNode> steps() {
		return List.copyOf(this.steps);
	}

	/**
	 * The restart steps of the rollout, in order.
	 * @return the steps
	 */
	List<JsonNode> rolloutRestarts() {
		return this.steps.stream()
			.filter((step) -> "InstanceRestarted".equals(step.path("type").asString())
					&& "ROLLOUT".equals(step.path("phase").asString()))
			.toList();
	}

	/**
	 * How long the deploy baked: each {@code BakeStarted} to the {@code BakeEnded} after
	 * it.
	 * @return the bakes' time in all, zero without a bake
	 */
	Duration baked() {
		Duration baked = Duration.ZERO;
		Instant started = null;
		for (JsonNode step : this.steps) {
			String type = step.path("type").asString();
			if ("BakeStarted".equals(type)) {
				started = Instant.parse(step.path("at").asString());
			}
			else if ("BakeEnded".equals(type) && started != null) {
				baked = baked.plus(Duration.between(started, Instant.parse(step.path("at").asString())));
				started = null;
			}
		}
		return baked;
	}

	public List<TimelineEvent> events() {
		synchronized (this.events) {
			return List.copyOf(this.events);
		}
	}

}
