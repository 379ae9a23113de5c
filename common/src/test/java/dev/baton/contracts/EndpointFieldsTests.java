package dev.baton.contracts;

import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.deploy.DeployPhase;
import dev.baton.contracts.deploy.InstanceLaunched;
import dev.baton.contracts.deploy.InstanceRestartStarted;
import dev.baton.contracts.deploy.InstanceRestarted;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.PeerApplied;
import dev.baton.contracts.nginx.PeerDrainTimedOut;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.PeerDraining;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registration.InstanceDeregistered;
import dev.baton.contracts.registration.InstanceRegistered;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Every contract that names an endpoint by {@code host} and {@code port} fields refuses
 * the same hosts and ports as {@link Endpoint}, and keeps the two fields flat on the
 * wire.
 */
class EndpointFieldsTests {

	private static final Instant AT = Instant.parse("2026-11-29T10:00:00Z");

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final NodeId NODE = NodeId.of("edge-1");

	private static final CommandId COMMAND = CommandId.of("c-1");

	private static final DeployId DEPLOY = DeployId.of("ci-4711");

	private static final InstanceId INSTANCE = InstanceId.of("orders-1");

	private static final Version V2 = Version.of("v2");

	private static final List<InvalidEndpoint> INVALID = List.of(new InvalidEndpoint("a;rm -rf /", 8081),
			new InvalidEndpoint(null, 8081), new InvalidEndpoint("256.1.1.1", 8081),
			new InvalidEndpoint("127.0.0.1", 0), new InvalidEndpoint("127.0.0.1", 65536));

	private final JsonMapper json = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.build();

	static Stream<Arguments> contracts() {
		List<BiFunction<String, Integer, EndpointFields>> contracts = List.of(
				(host, port) -> new InstanceRegistered(COMMAND, INSTANCE, ORDERS, host, port, V2, "/health", "ci", AT),
				(host, port) -> new InstanceSnapshot(INSTANCE, ORDERS, host, port, V2, "/health", Lifecycle.ONLINE,
						null, "", 1, AT),
				(host, port) -> new VerdictIssued(INSTANCE, ORDERS, host, port, HealthStatus.HEALTHY, V2, "", 3, 2, 0,
						AT, null),
				(host, port) -> new SetPeerGate(COMMAND, ORDERS, host, port, Gate.DEPLOY, false, "deployer", "drain",
						AT),
				(host, port) -> new PeerApplied(NODE, COMMAND, ORDERS, host, port, true, AT),
				(host, port) -> new PeerDrained(NODE, COMMAND, ORDERS, host, port, 40, AT),
				(host, port) -> new PeerDraining(NODE, COMMAND, ORDERS, host, port, 2, AT, AT),
				(host, port) -> new PeerDrainTimedOut(NODE, COMMAND, ORDERS, host, port, 1, 30000, AT),
				(host, port) -> new PeerTally(host, port, 10, 1, 0, List.of()),
				(host, port) -> new InstanceLaunched(DEPLOY, ORDERS, INSTANCE, host, port, V2, AT),
				(host, port) -> new InstanceRestartStarted(DEPLOY, ORDERS, INSTANCE, host, port, DeployPhase.ROLLOUT,
						StepId.of("s-1"), V2, 30000, AT),
				(host, port) -> new InstanceRestarted(DEPLOY, ORDERS, INSTANCE, host, port, DeployPhase.ROLLOUT,
						StepId.of("s-1"), V2, 0, "", 30000, AT));
		return contracts.stream()
			.map((contract) -> Arguments.of(contract.apply("127.0.0.1", 8081).getClass().getSimpleName(), contract));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("contracts")
	void everyContractWithInvalidEndpointNamesItsEndpoint(String name,
			BiFunction<String, Integer, EndpointFields> contract) {
		assertThat(contract.apply("::1", 8081).endpoint()).isEqualTo(new Endpoint("::1", 8081));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("contracts")
	void everyContractWithInvalidEndpointRefusesWhatTheSharedCheckRefuses(String name,
			BiFunction<String, Integer, EndpointFields> contract) {
		for (InvalidEndpoint invalid : INVALID) {
			String refusal = catchThrowableOfType(IllegalArgumentException.class,
					() -> Endpoint.requireValid(invalid.host(), invalid.port()))
				.getMessage();

			assertThatIllegalArgumentException().isThrownBy(() -> contract.apply(invalid.host(), invalid.port()))
				.withMessage(refusal);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("contracts")
	void hostAndPortStayFlatFieldsOnTheWire(String name, BiFunction<String, Integer, EndpointFields> contract) {
		EndpointFields written = contract.apply("127.0.0.1", 8081);

		String text = this.json.writeValueAsString(written);
		JsonNode tree = this.json.readTree(text);

		assertThat(tree.get("host").asString()).isEqualTo("127.0.0.1");
		assertThat(tree.get("port").asInt()).isEqualTo(8081);
		assertThat(tree.has("endpoint")).isFalse();
		assertThat(this.json.readValue(text, written.getClass())).isEqualTo(written);
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "256.1.1.1", "host name", "http://x", "1::2::3" })
	void theSharedCheckRefusesWhatAnEndpointRefuses(String host) {
		assertThatIllegalArgumentException().isThrownBy(() -> Endpoint.requireValid(host, 8081))
			.withMessageContaining("host must be an IP literal or a DNS name");
		assertThatIllegalArgumentException().isThrownBy(() -> new Endpoint(host, 8081))
			.withMessageContaining("host must be an IP literal or a DNS name");
	}

	@ParameterizedTest
	@ValueSource(strings = { "127.0.0.1", "::1", "app-1.orders.internal" })
	void theSharedCheckAcceptsWhatAnEndpointAccepts(String host) {
		assertThatNoException().isThrownBy(() -> Endpoint.requireValid(host, 65535));
		assertThatNoException().isThrownBy(() -> new Endpoint(host, 65535));
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, 65536 })
	void aDeregistrationByEndpointRefusesAPortOutsideTheTcpRange(int port) {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InstanceDeregistered(COMMAND, null, ORDERS, "127.0.0.1", port, "ci", "", AT))
			.withMessage("port must be 1-65535, got " + port);
	}

	private record InvalidEndpoint(String host, int port) {
	}

}
