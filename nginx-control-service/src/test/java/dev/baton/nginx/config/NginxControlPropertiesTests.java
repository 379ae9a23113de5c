package dev.baton.nginx.config;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class NginxControlPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(PropertiesOnly.class)
		.withPropertyValues("baton.nginx-control.control.token=a-long-enough-token",
				"baton.nginx-control.routes.orders.listen=127.0.0.1:8080");

	@Test
	void defaultsRunOnOneMachine() {
		this.runner.run((context) -> {
			NginxControlProperties properties = context.getBean(NginxControlProperties.class);
			assertThat(properties.control().endpoint().address()).isEqualTo("127.0.0.1:7180");
			assertThat(properties.nginx().binary()).hasToString("/usr/sbin/nginx");
			assertThat(properties.drain().pollInterval()).hasMillis(5);
			assertThat(properties.mode()).isEqualTo(NginxControlProperties.Mode.MANAGED);
			assertThat(properties.nginx().workerUser()).isEqualTo("nobody");
		});
	}

	@Test
	void controlEndpointOnANonLoopbackAddressStopsStartUp() {
		this.runner.withPropertyValues("baton.nginx-control.control.address=0.0.0.0:7180")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("baton.nginx-control.control.address must be a loopback address"));
	}

	@Test
	void missingTokenStopsStartUpNamingTheProperty() {
		new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class)
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("baton.nginx-control.control.token"));
	}

	@Test
	void drainPollSlowerThanTenMillisecondsStopsStartUp() {
		this.runner.withPropertyValues("baton.nginx-control.drain.poll-interval=50ms")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("baton.nginx-control.drain.poll-interval must be at most 10ms"));
	}

	@Test
	void badServiceNameInRoutesStopsStartUp() {
		this.runner.withPropertyValues("baton.nginx-control.routes.Bad_Name.listen=127.0.0.1:8081")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("baton.nginx-control.routes: service name must match"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(NginxControlProperties.class)
	static class PropertiesOnly {

	}

}
