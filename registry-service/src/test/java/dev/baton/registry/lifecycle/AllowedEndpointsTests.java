package dev.baton.registry.lifecycle;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AllowedEndpointsTests {

	@Test
	void matchesIpv4AndIpv6BlocksSingleAddressesAndNamesWithoutResolvingAny() {
		AllowedEndpoints allowed = AllowedEndpoints
			.of(List.of("10.1.0.0/16", "127.0.0.1", "fd00::/8", "App-1.Internal"), List.of());

		assertThat(allowed.refusal(new Endpoint("10.1.255.7", 8080))).isEmpty();
		assertThat(allowed.refusal(new Endpoint("127.0.0.1", 8080))).isEmpty();
		assertThat(allowed.refusal(new Endpoint("fd12::1", 8080))).isEmpty();
		assertThat(allowed.refusal(new Endpoint("app-1.internal", 8080))).isEmpty();
		assertThat(allowed.refusal(new Endpoint("10.2.0.1", 8080))).hasValue(
				"host 10.2.0.1 is not among the allowed hosts [10.1.0.0/16, 127.0.0.1, fd00::/8, App-1.Internal]");
		assertThat(allowed.refusal(new Endpoint("127.0.0.2", 8080))).isPresent();
		assertThat(allowed.refusal(new Endpoint("fe80::1", 8080))).isPresent();
		// a name is never taken for an address: localhost is not 127.0.0.1 here
		assertThat(allowed.refusal(new Endpoint("localhost", 8080))).isPresent();
	}

	@Test
	void matchesPortsAndRanges() {
		AllowedEndpoints allowed = AllowedEndpoints.of(List.of(), List.of("8080", "9001-9009"));

		assertThat(allowed.refusal(new Endpoint("10.0.0.1", 8080))).isEmpty();
		assertThat(allowed.refusal(new Endpoint("10.0.0.1", 9005))).isEmpty();
		assertThat(allowed.refusal(new Endpoint("10.0.0.1", 9010)))
			.hasValue("port 9010 is not among the allowed ports [8080, 9001-9009]");
		assertThat(AllowedEndpoints.ANY.refusal(new Endpoint("203.0.113.9", 1))).isEmpty();
	}

	@Test
	void refusesEntriesThatAreNeitherNamingThem() {
		assertThatIllegalArgumentException().isThrownBy(() -> AllowedEndpoints.of(List.of("10.0.0.0/33"), List.of()))
			.withMessage("allowed-hosts: '10.0.0.0/33' has a prefix length outside 0-32");
		assertThatIllegalArgumentException().isThrownBy(() -> AllowedEndpoints.of(List.of("a b"), List.of()))
			.withMessage("allowed-hosts: 'a b' is neither a CIDR block, an IP literal nor a DNS name");
		assertThatIllegalArgumentException().isThrownBy(() -> AllowedEndpoints.of(List.of("host/8"), List.of()))
			.withMessageContaining("'host/8' is neither");
		assertThatIllegalArgumentException().isThrownBy(() -> AllowedEndpoints.of(List.of(), List.of("9009-9001")))
			.withMessage("allowed-ports: '9009-9001' is neither a port (1-65535) nor a range such as 9001-9009");
		assertThatIllegalArgumentException().isThrownBy(() -> AllowedEndpoints.of(List.of(), List.of("70000")));
	}

}
