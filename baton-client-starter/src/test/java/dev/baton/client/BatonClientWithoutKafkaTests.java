package dev.baton.client;

import java.io.IOException;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Start-up with a broker that is not there, and with settings that cannot work.
 */
class BatonClientWithoutKafkaTests {

	@Test
	void appStartsAndStopsWhenKafkaIsUnreachable() throws IOException {
		try (ConfigurableApplicationContext app = start("baton.client.bootstrap-servers=127.0.0.1:" + closedPort(),
				"baton.client.service=orders", "baton.client.version=v1", "baton.client.send-timeout=300ms")) {
			assertThat(app.isRunning()).isTrue();
		}
	}

	@Test
	void missingVersionStopsStartUpNamingTheProperty() {
		assertThatThrownBy(() -> start("baton.client.service=orders")).rootCause()
			.hasMessageContaining("baton.client.version");
	}

	@Test
	void invalidServiceNameStopsStartUpNamingTheProperty() {
		assertThatThrownBy(() -> start("baton.client.service=Orders Service", "baton.client.version=v1"))
			.hasStackTraceContaining("Failed to bind properties under 'baton.client.service'");
	}

	@Test
	void serviceDefaultsToTheApplicationName() {
		try (ConfigurableApplicationContext app = start("spring.application.name=orders", "baton.client.version=v1",
				"baton.client.enabled=true", "baton.client.bootstrap-servers=127.0.0.1:1",
				"baton.client.send-timeout=300ms")) {
			assertThat(app.getBean(InstanceRegistrar.class)).isNotNull();
		}
	}

	@Test
	void disabledClientRegistersNothing() {
		try (ConfigurableApplicationContext app = start("baton.client.enabled=false")) {
			assertThat(app.getBeansOfType(InstanceRegistrar.class)).isEmpty();
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(MinimalApp.class).properties("server.port=0", "server.address=127.0.0.1")
			.properties(properties)
			.run();
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class MinimalApp {

	}

}
