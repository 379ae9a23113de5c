package dev.baton.nginx.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

@ExtendWith(OutputCaptureExtension.class)
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
			assertThat(properties.routes().get("orders").keepalive()).isEqualTo(256);
			assertThat(properties.routes().get("orders").readTimeout()).hasSeconds(60);
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
	void tokenAndTokenFileTogetherStopStartUp() {
		this.runner.withPropertyValues("baton.nginx-control.control.token-file=/etc/baton/control.token")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessage("exactly one of baton.nginx-control.control.token and "
						+ "baton.nginx-control.control.token-file must be set, both are"));
	}

	@Test
	void tokenFileAloneIsEnough() {
		new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class)
			.withPropertyValues("baton.nginx-control.control.token-file=/etc/baton/control.token")
			.run((context) -> {
				NginxControlProperties.Control control = context.getBean(NginxControlProperties.class).control();
				assertThat(control.token()).isNull();
				assertThat(control.tokenFile()).hasToString("/etc/baton/control.token");
			});
	}

	@Test
	void shortTokenStopsStartUpWithoutShowingItInTheLog(CapturedOutput output) {
		SpringApplication application = new SpringApplication(PropertiesOnly.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--baton.nginx-control.control.token=short-secret"));

		assertThat(output).contains("baton.nginx-control.control.token must hold a token of 16 to 256 characters")
			.doesNotContain("short-secret");
	}

	@Test
	void controlSettingsNeverShowTheToken() {
		assertThat(new NginxControlProperties.Control("127.0.0.1:7180", "a-long-enough-token", null))
			.hasToString("Control[address=127.0.0.1:7180, token=(set), tokenFile=null]");
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

	@Test
	void keepaliveOutsideOneTo2048StopsStartUpNamingTheProperty() {
		this.runner.withPropertyValues("baton.nginx-control.routes.orders.keepalive=0")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("baton.nginx-control.routes.orders.keepalive must be 1 to 2048, got 0"));
		this.runner.withPropertyValues("baton.nginx-control.routes.orders.keepalive=4096")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("baton.nginx-control.routes.orders.keepalive must be 1 to 2048, got 4096"));
	}

	@Test
	void aReadTimeoutNotInWholeSecondsFromOneToADayStopsStartUpNamingTheProperty() {
		for (String bad : new String[] { "0s", "1500ms", "2d" }) {
			this.runner.withPropertyValues("baton.nginx-control.routes.orders.read-timeout=" + bad)
				.run((context) -> assertThat(context).getFailure()
					.hasStackTraceContaining(
							"baton.nginx-control.routes.orders.read-timeout must be 1s to 24h in whole seconds"));
		}
	}

	@Test
	void aDrainTimeoutOfTheNodesOwnStopsStartUpSayingTheCommandCarriesIt() {
		this.runner.withPropertyValues("baton.nginx-control.drain.timeout=30s")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("baton.nginx-control.drain.timeout is no longer read: each closing command"
						+ " carries its drain timeout"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(NginxControlProperties.class)
	static class PropertiesOnly {

	}

}
