package dev.baton.contracts;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.operation.OperatorAction;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.InstanceRegistered;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.contracts.registry.RegistryStateMessage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The JSON a person types for the messages people send must parse, and what Baton writes
 * must read back the same. The mapper is configured as Baton's consumers configure
 * theirs.
 */
class HandWrittenJsonTests {

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	@Test
	void typedRegistrationParsesWithDefaults() {
		RegistrationMessage message = this.json.readValue(
				"{\"type\":\"InstanceRegistered\",\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":8081,\"version\":\"v1\"}",
				RegistrationMessage.class);

		InstanceRegistered registered = (InstanceRegistered) message;
		assertThat(registered.instanceId()).isEqualTo(InstanceId.of("orders-127.0.0.1-8081"));
		assertThat(registered.healthPath()).isEqualTo("/health");
		assertThat(registered.id()).isNotNull();
	}

	@Test
	void operatorDecisionParsesFromTheOperationsTopicsTypeOnly() {
		OperationMessage message = this.json.readValue(
				"{\"type\":\"OperateInstance\",\"service\":\"orders\",\"instanceId\":\"orders-1\",\"action\":\"APPROVE\",\"by\":\"alice\"}",
				OperationMessage.class);

		assertThat(((OperateInstance) message).action()).isEqualTo(OperatorAction.APPROVE);
		assertThatException().isThrownBy(() -> this.json.readValue(
				"{\"type\":\"OperateInstance\",\"service\":\"orders\",\"instanceId\":\"orders-1\",\"action\":\"OFFLINE\"}",
				RegistrationMessage.class))
			.withStackTraceContaining("OperateInstance");
	}

	@Test
	void typedDeregistrationByEndpointParses() {
		RegistrationMessage message = this.json.readValue(
				"{\"type\":\"InstanceDeregistered\",\"service\":\"orders\",\"host\":\"app-1.internal\",\"port\":8081}",
				RegistrationMessage.class);

		assertThat(((InstanceDeregistered) message).endpoint()).contains(new Endpoint("app-1.internal", 8081));
	}

	@Test
	void typedDeployRequestParsesWithIsoDurations() {
		DeployRequest request = this.json.readValue(
				"{\"type\":\"DeployRequested\",\"deployId\":\"ci-4711\",\"service\":\"orders\",\"version\":\"v2\","
						+ "\"drainTimeout\":\"PT30S\",\"requestedBy\":\"ci\"}",
				DeployRequest.class);

		DeployRequested requested = (DeployRequested) request;
		assertThat(requested.version()).isEqualTo(Version.of("v2"));
		assertThat(requested.drainTimeout()).isEqualTo(Duration.ofSeconds(30));
		assertThat(requested.allowDowntime()).isFalse();
		assertThat(requested.batchSize()).isNull();
		assertThat(requested.drainOnTimeout()).as("the service's configured policy").isNull();
	}

	@Test
	void aDeployRequestMayChooseItsDrainPolicyAndNothingElse() {
		String request = "{\"type\":\"DeployRequested\",\"deployId\":\"ci-4712\",\"service\":\"orders\","
				+ "\"version\":\"v3\",\"drainTimeout\":\"PT2M\",\"drainOnTimeout\":\"%s\"}";

		DeployRequested requested = (DeployRequested) this.json.readValue(request.formatted("PROCEED"),
				DeployRequest.class);

		assertThat(requested.drainOnTimeout()).isEqualTo(DrainDeadline.OnTimeout.PROCEED);
		assertThat(requested.drainTimeout()).isEqualTo(Duration.ofMinutes(2));
		assertThatException().isThrownBy(() -> this.json.readValue(request.formatted("IGNORE"), DeployRequest.class))
			.withMessageContaining("IGNORE");
	}

	@Test
	void unknownPropertiesAreIgnoredSoContractsCanGrow() {
		RegistrationMessage message = this.json.readValue(
				"{\"type\":\"InstanceRegistered\",\"service\":\"orders\",\"host\":\"::1\",\"port\":8081,\"version\":\"v1\",\"zone\":\"b\"}",
				RegistrationMessage.class);

		assertThat(((InstanceRegistered) message).endpoint().address()).isEqualTo("[::1]:8081");
	}

	@Test
	void aSnapshotWrittenBeforeVersionsWereCheckedReadsWithNoRefusal() {
		RegistryStateMessage message = this.json.readValue("{\"type\":\"InstanceSnapshot\",\"instanceId\":\"orders-1\","
				+ "\"service\":\"orders\",\"host\":\"127.0.0.1\",\"port\":8081,\"version\":\"v1\","
				+ "\"healthPath\":\"/health\",\"lifecycle\":\"ONLINE\",\"lastHealth\":{\"status\":\"HEALTHY\","
				+ "\"version\":\"v1\",\"probedAt\":\"2026-11-29T10:00:00Z\"},\"revision\":3,"
				+ "\"updatedAt\":\"2026-11-29T10:00:00Z\"}", RegistryStateMessage.class);

		InstanceSnapshot snapshot = (InstanceSnapshot) message;
		assertThat(snapshot.versionRefusal()).isEmpty();
		assertThat(snapshot.registeredVersion()).isEqualTo(snapshot.version());
		assertThat(snapshot.healthGateOpen()).isTrue();
		InstanceSnapshot refused = new InstanceSnapshot(snapshot.instanceId(), snapshot.service(), snapshot.host(),
				snapshot.port(), snapshot.version(), snapshot.healthPath(), snapshot.lifecycle(), snapshot.lastHealth(),
				snapshot.decidedBy(), 4, snapshot.updatedAt(), "reports v9, which orders does not expect");
		assertThat(refused.healthGateOpen()).isFalse();
		assertThat(this.json.readValue(this.json.writeValueAsString(refused), RegistryStateMessage.class))
			.isEqualTo(refused);
	}

	@Test
	void aSnapshotCarriesTheVersionTheInstanceRunsBesideTheOneItRegisteredWith() {
		InstanceSnapshot deployed = new InstanceSnapshot(InstanceId.of("orders-1"), ServiceName.of("orders"),
				"127.0.0.1", 8081, Version.of("v2"), "/health", Lifecycle.ONLINE,
				new ObservedHealth(HealthStatus.HEALTHY, Version.of("v2"), "", Instant.parse("2026-11-29T10:00:00Z")),
				"alice", 5, Instant.parse("2026-11-29T10:00:00Z"), "", Version.of("v1"));

		String written = this.json.writeValueAsString(deployed);

		assertThat(written).contains("\"version\":\"v2\"", "\"registeredVersion\":\"v1\"");
		assertThat(this.json.readValue(written, RegistryStateMessage.class)).isEqualTo(deployed);
	}

	@Test
	void whatBatonWritesReadsBackEqualWithATypeProperty() {
		SetPeerGate gate = new SetPeerGate(CommandId.of("c-1"), ServiceName.of("orders"), "10.0.0.7", 8081, Gate.DEPLOY,
				false, "deployer-service", "deploy ci-4711", Instant.parse("2026-11-29T10:00:00Z"));
		DeployStarted started = new DeployStarted(DeployId.of("ci-4711"), ServiceName.of("orders"), Version.of("v2"),
				List.of(List.of(InstanceId.of("orders-1")), List.of(InstanceId.of("orders-2"))),
				Map.of(InstanceId.of("orders-1"), Version.of("v1")), "ci", Instant.parse("2026-11-29T10:00:00Z"));

		String gateJson = this.json.writeValueAsString(gate);
		assertThat(gateJson).contains("\"type\":\"SetPeerGate\"", "\"service\":\"orders\"",
				"\"at\":\"2026-11-29T10:00:00Z\"");
		assertThat(this.json.readValue(gateJson, NginxCommand.class)).isEqualTo(gate);
		assertThat(this.json.readValue(this.json.writeValueAsString(started), DeployStep.class)).isEqualTo(started);
	}

	@Test
	void invalidValuesAreRefusedWithTheRuleTheyBreak() {
		assertThatException().isThrownBy(() -> this.json.readValue(
				"{\"type\":\"DeployRequested\",\"deployId\":\"ci-1\",\"service\":\"orders\",\"version\":\"v2; rm -rf /\"}",
				DeployRequest.class))
			.withStackTraceContaining("version must match");
		assertThatException().isThrownBy(() -> this.json.readValue(
				"{\"type\":\"InstanceRegistered\",\"service\":\"Orders!\",\"host\":\"127.0.0.1\",\"port\":1,\"version\":\"v1\"}",
				RegistrationMessage.class))
			.withStackTraceContaining("service name must match");
	}

}
