package dev.baton.contracts;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

class ValueTypesTests {

	@ParameterizedTest
	@ValueSource(strings = { "127.0.0.1", "10.1.2.3", "::1", "fe80::1", "2001:db8::8a2e:370:7334", "localhost",
			"app-1.orders.internal", "a" })
	void hostsThatAreIpLiteralsOrDnsNamesAreAccepted(String host) {
		assertThatNoException().isThrownBy(() -> new Endpoint(host, 8080));
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "a;rm -rf /", "256.1.1.1", "-leading.dash", "host name", "http://x", "a..b", "1::2::3",
			"$(reboot)" })
	void hostsThatAreNeitherAreRefused(String host) {
		assertThatIllegalArgumentException().isThrownBy(() -> new Endpoint(host, 8080))
			.withMessageContaining("host must be an IP literal or a DNS name");
	}

	@ParameterizedTest
	@ValueSource(ints = { 0, -1, 65536, 70000 })
	void portsOutsideTheTcpRangeAreRefused(int port) {
		assertThatIllegalArgumentException().isThrownBy(() -> new Endpoint("127.0.0.1", port))
			.withMessage("port must be 1-65535, got " + port);
	}

	@ParameterizedTest
	@ValueSource(strings = { "Orders", "-orders", "orders_1", "", "o rders" })
	void serviceNamesOutsideTheAlphabetAreRefused(String name) {
		assertThatIllegalArgumentException().isThrownBy(() -> ServiceName.of(name));
	}

	@ParameterizedTest
	@ValueSource(strings = { "v 1", "v2; rm -rf /", ".v1", "v1\n" })
	void versionsOutsideTheAlphabetAreRefused(String version) {
		assertThatIllegalArgumentException().isThrownBy(() -> Version.of(version));
	}

	@ParameterizedTest
	@ValueSource(strings = { "orders/127.0.0.1:8081/DEPLOY", "orders/[::1]:8081/ADMIN", "a-b/host.x:1/HEALTH" })
	void gateKeysReadBackAsTheyWereWritten(String key) {
		assertThat(GateKey.parse(key).toString()).isEqualTo(key);
	}

	@ParameterizedTest
	@ValueSource(strings = { "orders", "orders/127.0.0.1:8081", "orders/127.0.0.1:8081/OPEN", "orders/host/ADMIN" })
	void malformedGateKeysAreRefused(String key) {
		assertThatIllegalArgumentException().isThrownBy(() -> GateKey.parse(key));
	}

}
