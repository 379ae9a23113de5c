package dev.baton.health.config;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;

import dev.baton.contracts.ServiceName;
import dev.baton.health.HealthApplication;
import dev.baton.health.probe.ProbeSettings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HealthPropertiesTests {

	@Test
	void nonPositiveIntervalStopsStartUpNamingTheProperty() {
		assertThatThrownBy(() -> start("--baton.health.probe.interval=0s"))
			.hasStackTraceContaining("baton.health.probe.interval");
	}

	@Test
	void invalidVersionPatternStopsStartUpNamingTheProperty() {
		assertThatThrownBy(() -> start("--baton.health.probe.version-pattern=ok (v"))
			.hasStackTraceContaining("baton.health.probe.version-pattern");
	}

	@Test
	void riseBelowOneStopsStartUpNamingTheProperty() {
		assertThatThrownBy(() -> start("--baton.health.probe.rise=0")).hasStackTraceContaining("baton.health.probe")
			.hasStackTraceContaining("rise");
	}

	@Test
	void invalidServiceNameStopsStartUpNamingTheProperty() {
		assertThatThrownBy(() -> start("--baton.health.services.Bad_Name.rise=3"))
			.hasStackTraceContaining("baton.health.services.Bad_Name");
	}

	@Test
	void stepsLookbackShorterThanTheRestartTimeoutStopsStartUpNamingBothProperties() {
		assertThatThrownBy(
				() -> start("--baton.health.replica.steps-lookback=30s", "--baton.health.probe.restart-timeout=60s"))
			.hasStackTraceContaining("baton.health.replica.steps-lookback")
			.hasStackTraceContaining("baton.health.probe.restart-timeout");
	}

	@Test
	void serviceOverridesReplaceOnlyWhatTheyName() {
		HealthProperties properties = new HealthProperties(
				new HealthProperties.Probe(Duration.ofSeconds(1), Duration.ofMillis(500), 2, 2, Duration.ofMillis(100),
						Duration.ofSeconds(60), "version", "ok (\\S+)", 16384, 2, 8),
				Map.of("payments",
						new HealthProperties.ServiceProbe(Duration.ofSeconds(5), null, 3, null, null, "build.version",
								null)),
				new HealthProperties.VerdictSettings(Duration.ofSeconds(30)),
				new HealthProperties.Replica("", "", "health-service", Duration.ofSeconds(10), Duration.ofMinutes(5)));
		ServiceProbeSettings settings = new ServiceProbeSettings(properties);
		ProbeSettings payments = settings.apply(ServiceName.of("payments"));
		assertThat(payments.interval()).isEqualTo(Duration.ofSeconds(5));
		assertThat(payments.timeout()).isEqualTo(Duration.ofMillis(500));
		assertThat(payments.rise()).isEqualTo(3);
		assertThat(payments.fall()).isEqualTo(2);
		assertThat(payments.versionField()).isEqualTo("build.version");
		assertThat(payments.versionPattern().pattern()).isEqualTo("ok (\\S+)");
		assertThat(settings.apply(ServiceName.of("orders")).interval()).isEqualTo(Duration.ofSeconds(1));
	}

	private static void start(String... args) {
		String[] all = new String[args.length + 2];
		all[0] = "--server.port=0";
		all[1] = "--spring.kafka.bootstrap-servers=127.0.0.1:1";
		System.arraycopy(args, 0, all, 2, args.length);
		new SpringApplicationBuilder(HealthApplication.class).run(all).close();
	}

}
