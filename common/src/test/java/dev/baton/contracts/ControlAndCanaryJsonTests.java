package dev.baton.contracts;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.deploy.BakeStarted;
import dev.baton.contracts.deploy.CancelDeploy;
import dev.baton.contracts.deploy.CanaryPromoted;
import dev.baton.contracts.deploy.CanaryShare;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.deploy.InstanceEnabled;
import dev.baton.contracts.deploy.PauseDeploy;
import dev.baton.contracts.deploy.PeerFigures;
import dev.baton.contracts.deploy.RollbackDeploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The controls of a running deploy, its bakes and its canary as a person types them and
 * as the deployer writes them; steps and requests written before they existed read as
 * they did.
 */
class ControlAndCanaryJsonTests {

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	@Test
	void aPauseOrACancelMayNameOnlyTheService() {
		DeployRequest pause = this.json.readValue("{\"type\":\"PauseDeploy\",\"service\":\"orders\"}",
				DeployRequest.class);
		DeployRequest cancel = this.json.readValue(
				"{\"type\":\"CancelDeploy\",\"service\":\"orders\",\"requestedBy\":\"ops\"}", DeployRequest.class);

		assertThat(pause).isInstanceOfSatisfying(PauseDeploy.class, (request) -> {
			assertThat(request.deployId()).isNull();
			assertThat(request.requestedBy()).isEqualTo("unknown");
		});
		assertThat(cancel).isInstanceOfSatisfying(CancelDeploy.class,
				(request) -> assertThat(request.deployId()).isNull());
	}

	@Test
	void aRollbackNeedsTheNewDeploysId() {
		assertThat(this.json.readValue("{\"type\":\"RollbackDeploy\",\"deployId\":\"ops-1\",\"service\":\"orders\"}",
				DeployRequest.class))
			.isInstanceOfSatisfying(RollbackDeploy.class,
					(rollback) -> assertThat(rollback.deployId()).isEqualTo(DeployId.of("ops-1")));
	}

	@Test
	void aDeployRequestMayAskForABakeACanaryOrOnlyAPlan() {
		DeployRequested request = (DeployRequested) this.json
			.readValue("{\"type\":\"DeployRequested\",\"deployId\":\"ci-1\",\"service\":\"orders\",\"version\":\"v2\","
					+ "\"bake\":\"PT60S\",\"canaryPercent\":10,\"dryRun\":true}", DeployRequest.class);
		DeployRequested plain = (DeployRequested) this.json.readValue(
				"{\"type\":\"DeployRequested\",\"deployId\":\"ci-2\",\"service\":\"orders\",\"version\":\"v2\"}",
				DeployRequest.class);

		assertThat(request.bake()).isEqualTo(Duration.ofSeconds(60));
		assertThat(request.canaryPercent()).isEqualTo(10);
		assertThat(request.dryRun()).isTrue();
		assertThat(plain.bake()).isNull();
		assertThat(plain.canaryPercent()).isNull();
		assertThat(plain.dryRun()).isFalse();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new DeployRequested(DeployId.of("ci-3"), ServiceName.of("orders"), Version.of("v2"), null,
					null, null, false, "ci", null, null, null, 100, false))
			.withMessage("canaryPercent must be 0 (none) or 1-99, got 100");
	}

	@Test
	void stepsWrittenBeforeBakesAndWeightsReadAsAFullPeerAndNoBake() {
		DeployStep started = this.json
			.readValue("{\"type\":\"DeployStarted\",\"deployId\":\"d-1\",\"service\":\"orders\",\"version\":\"v2\","
					+ "\"batches\":[[\"orders-1\"]],\"at\":\"2026-12-01T10:00:00Z\"}", DeployStep.class);
		DeployStep enabled = this.json.readValue(
				"{\"type\":\"InstanceEnabled\",\"deployId\":\"d-1\",\"service\":\"orders\",\"instanceId\":\"orders-1\","
						+ "\"phase\":\"ROLLOUT\",\"at\":\"2026-12-01T10:00:00Z\"}",
				DeployStep.class);

		assertThat(started).isInstanceOfSatisfying(DeployStarted.class, (step) -> {
			assertThat(step.bakeMillis()).isZero();
			assertThat(step.canaryPercent()).isZero();
			assertThat(step.rollback()).isFalse();
		});
		assertThat(((InstanceEnabled) enabled).weight()).isEqualTo(100);
	}

	@Test
	void aCanarysBakeAndPromotionReadBackAsWritten() {
		Instant at = Instant.parse("2026-12-01T10:00:00Z");
		List<InstanceId> canary = List.of(InstanceId.of("orders-1"));
		BakeStarted bake = new BakeStarted(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"), canary,
				60_000, new CanaryShare(10, 22, 1, 2), at);
		CanaryPromoted promoted = new CanaryPromoted(DeployId.of("d-1"), ServiceName.of("orders"), Version.of("v2"),
				canary, new PeerFigures(1180, 0, 0, 21), new PeerFigures(10630, 2, 0, 19), "clean", at);

		assertThat(
				this.json.readValue(this.json.writerFor(DeployStep.class).writeValueAsString(bake), DeployStep.class))
			.isEqualTo(bake);
		assertThat(this.json.readValue(this.json.writerFor(DeployStep.class).writeValueAsString(promoted),
				DeployStep.class))
			.isEqualTo(promoted);
		assertThatIllegalArgumentException().isThrownBy(() -> new CanaryShare(10, 22, 1, 0))
			.withMessage("a canary needs at least one canary peer and one full peer");
	}

}
