package dev.baton.registry.versions;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployFailed;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeploySucceeded;
import dev.baton.contracts.deploy.DeployRollingBack;

import static org.assertj.core.api.Assertions.assertThat;

class ExpectedVersionsTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");

	private final ExpectedVersions expected = new ExpectedVersions((service) -> VersionPolicy.DEFAULT);

	@Test
	void withNoDeployOnRecordAnyVersionIsExpected() {
		assertThat(this.expected.of(ORDERS)).isEmpty();
		assertThat(this.expected.refusal(ORDERS, v("v9"))).isEmpty();
		assertThat(this.expected.refusal(ORDERS, null)).isEmpty();
		assertThat(this.expected.describe(ORDERS)).isEqualTo("orders expects any version");
	}

	@Test
	void withNoDeployOnRecordTheConfiguredVersionsAreExpected() {
		ExpectedVersions configured = new ExpectedVersions(
				(service) -> new VersionPolicy(true, Set.of(v("v1"), v("v1.1"))));

		assertThat(configured.refusal(ORDERS, v("v1.1"))).isEmpty();
		assertThat(configured.refusal(ORDERS, v("v2")))
			.contains("reports v2, but orders expects v1 or v1.1 (baton.registry.services.orders.expected-versions)");
	}

	@Test
	void aRunningDeployExpectsTheVersionsBeforeItAndTheNewOne() {
		this.expected.learn(succeeded("d-1", "v1"));
		this.expected.learn(started("d-2", "v2", Map.of("orders-1", "v1", "orders-2", "v1.5")));

		assertThat(this.expected.of(ORDERS).orElseThrow().versions()).containsExactly(v("v1"), v("v1.5"), v("v2"));
		assertThat(this.expected.refusal(ORDERS, v("v3")))
			.contains("reports v3, but orders expects v1 or v1.5 or v2 (deploy d-2 of v2 is running)");
		assertThat(this.expected.refusal(ORDERS, null)).get().asString().startsWith("reports no version, but");
	}

	@Test
	void aSucceededDeployExpectsOnlyItsVersion() {
		this.expected.learn(started("d-1", "v2", Map.of("orders-1", "v1")));
		this.expected.learn(succeeded("d-1", "v2"));

		assertThat(this.expected.refusal(ORDERS, v("v2"))).isEmpty();
		assertThat(this.expected.refusal(ORDERS, v("v1")))
			.contains("reports v1, but orders expects v2 (deploy d-1 of v2 succeeded)");
	}

	@Test
	void aFailedDeployExpectsTheVersionsItStartedFromAgain() {
		this.expected.learn(succeeded("d-1", "v1"));
		this.expected.learn(started("d-2", "v2", Map.of("orders-1", "v1")));
		this.expected.learn(failed("d-2", "v2"));

		assertThat(this.expected.refusal(ORDERS, v("v1"))).isEmpty();
		assertThat(this.expected.refusal(ORDERS, v("v2")))
			.contains("reports v2, but orders expects v1 (deploy d-2 of v2 failed)");
	}

	@Test
	void aFirstDeployThatFailedLeavesTheVersionsItFoundExpected() {
		this.expected.learn(started("d-1", "v2", Map.of("orders-1", "v1")));
		this.expected.learn(failed("d-1", "v2"));

		assertThat(this.expected.of(ORDERS).orElseThrow().versions()).containsExactly(v("v1"));
	}

	@Test
	void aDeployAnnouncedAgainAfterADeployerRestartKeepsWhatItFoundFirst() {
		this.expected.learn(succeeded("d-1", "v1"));
		this.expected.learn(started("d-2", "v2", Map.of("orders-1", "v1", "orders-2", "v1")));
		// resumed: orders-1 already runs v2, and the deploy records that as its previous
		// version
		this.expected.learn(started("d-2", "v2", Map.of("orders-1", "v2", "orders-2", "v1")));
		this.expected.learn(failed("d-2", "v2"));

		assertThat(this.expected.refusal(ORDERS, v("v1"))).isEmpty();
	}

	@Test
	void stepsOfOneServiceChangeNothingForAnother() {
		this.expected.learn(succeeded("d-1", "v1"));

		assertThat(this.expected.refusal(ServiceName.of("billing"), v("v7"))).isEmpty();
	}

	@Test
	void onlyTheStartAndTheEndOfTheRunningDeployChangeWhatIsExpected() {
		this.expected.learn(started("d-2", "v2", Map.of("orders-1", "v1")));
		this.expected.learn(failed("d-1", "v3"));
		this.expected.learn(new DeployRollingBack(DeployId.of("d-2"), ORDERS, v("v2"), "orders-1 was UNHEALTHY", AT));

		assertThat(this.expected.of(ORDERS).orElseThrow().versions()).containsExactly(v("v1"), v("v2"));
	}

	@Test
	void aServiceThatOptedOutRefusesNoVersion() {
		ExpectedVersions unguarded = new ExpectedVersions((service) -> new VersionPolicy(false, Set.of(v("v1"))));
		unguarded.learn(succeeded("d-1", "v2"));

		assertThat(unguarded.refusal(ORDERS, v("v9"))).isEmpty();
		assertThat(unguarded.describe(ORDERS)).isEqualTo("orders does not check versions");
	}

	private static DeployStarted started(String id, String version, Map<String, String> previous) {
		Map<InstanceId, Version> previousVersions = new LinkedHashMap<>();
		previous.forEach((instance, was) -> previousVersions.put(InstanceId.of(instance), v(was)));
		return new DeployStarted(DeployId.of(id), ORDERS, v(version),
				List.of(previousVersions.keySet().stream().toList()), previousVersions, "ci", AT);
	}

	private static DeploySucceeded succeeded(String id, String version) {
		return new DeploySucceeded(DeployId.of(id), ORDERS, v(version), 1000, AT);
	}

	private static DeployFailed failed(String id, String version) {
		return new DeployFailed(DeployId.of(id), ORDERS, v(version), "orders-1 was UNHEALTHY", List.of(), 500, AT);
	}

	private static Version v(String value) {
		return Version.of(value);
	}

}
