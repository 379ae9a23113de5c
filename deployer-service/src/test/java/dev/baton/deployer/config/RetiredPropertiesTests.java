package dev.baton.deployer.config;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * A property the deployer no longer reads stops start-up naming its replacement, instead
 * of leaving the service to run without the setting.
 */
class RetiredPropertiesTests {

	@Test
	void theOldDrainPropertiesStopStartUpNamingTheirReplacements() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RetiredProperties
				.refuse(new MockEnvironment().withProperty("baton.deployer.services.orders.drain-timeout", "45s")))
			.withMessage("baton.deployer.services.orders.drain-timeout is no longer read: set"
					+ " baton.deployer.services.orders.drain.timeout instead");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RetiredProperties.refuse(
					new MockEnvironment().withProperty("baton.deployer.services.orders.drain-timeout-fatal", "true")))
			.withMessageContaining("set baton.deployer.services.orders.drain.on-timeout (fail or proceed) instead");
	}

	@Test
	void theirReplacementsAndEverythingElsePass() {
		assertThatNoException().isThrownBy(() -> RetiredProperties
			.refuse(new MockEnvironment().withProperty("baton.deployer.services.orders.drain.timeout", "45s")
				.withProperty("baton.deployer.services.orders.drain.on-timeout", "proceed")
				.withProperty("baton.deployer.services.orders.health-timeout", "60s")
				.withProperty("baton.deployer.node-expiry", "10m")));
	}

}
