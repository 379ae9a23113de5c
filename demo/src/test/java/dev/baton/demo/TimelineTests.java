package dev.baton.demo;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.baton.cli.Json;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineTests {

	@Test
	void bakedIsEachBakeStartedToTheBakeEndedAfterIt() {
		Timeline timeline = new Timeline();
		timeline.add(step("DeployStarted", "10:00:00.000"));
		timeline.add(step("BakeStarted", "10:00:05.000"));
		timeline.add(step("BakeEnded", "10:00:15.500"));
		timeline.add(step("BakeStarted", "10:00:20.000"));
		timeline.add(step("BakeEnded", "10:00:30.000"));
		timeline.add(step("DeploySucceeded", "10:00:35.000"));

		assertThat(timeline.baked()).isEqualTo(Duration.ofMillis(20_500));
	}

	@Test
	void aDeployWithoutABakeOrWhoseBakeHasNotEndedBakedNothing() {
		Timeline timeline = new Timeline();
		timeline.add(step("DeployStarted", "10:00:00.000"));
		timeline.add(step("BakeStarted", "10:00:05.000"));

		assertThat(timeline.baked()).isZero();
	}

	private static JsonNode step(String type, String time) {
		return Json.mapper()
			.readTree("{\"type\":\"" + type + "\",\"deployId\":\"d-1\",\"at\":\"2026-12-06T" + time + "Z\"}");
	}

}
