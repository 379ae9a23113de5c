package dev.baton.health.verdict;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.health.probe.ProbeOutcome;

import static org.assertj.core.api.Assertions.assertThat;

class HealthCounterTests {

	private final HealthCounter counter = new HealthCounter(3, 2);

	@Test
	void becomesHealthyOnExactlyRiseSuccesses() {
		assertThat(this.counter.count(success("v1"))).isFalse();
		assertThat(this.counter.count(success("v1"))).isFalse();
		assertThat(this.counter.status()).isNull();
		assertThat(this.counter.count(success("v1"))).isTrue();
		assertThat(this.counter.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(this.counter.successes()).isEqualTo(3);
		assertThat(this.counter.count(success("v1"))).isFalse();
	}

	@Test
	void becomesUnhealthyOnExactlyFallFailures() {
		rise();
		assertThat(this.counter.count(failure("503"))).isFalse();
		assertThat(this.counter.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(this.counter.count(failure("503"))).isTrue();
		assertThat(this.counter.status()).isEqualTo(HealthStatus.UNHEALTHY);
		assertThat(this.counter.failures()).isEqualTo(2);
		assertThat(this.counter.count(failure("refused"))).isFalse();
	}

	@Test
	void aSuccessInBetweenRestartsTheFailureCount() {
		rise();
		this.counter.count(failure("timeout"));
		this.counter.count(success("v1"));
		assertThat(this.counter.count(failure("timeout"))).isFalse();
		assertThat(this.counter.status()).isEqualTo(HealthStatus.HEALTHY);
	}

	@Test
	void versionChangeAloneIsAChangeWhileHealthy() {
		rise();
		assertThat(this.counter.count(success("v2"))).isTrue();
		assertThat(this.counter.version()).isEqualTo(Version.of("v2"));
		assertThat(this.counter.status()).isEqualTo(HealthStatus.HEALTHY);
		assertThat(this.counter.count(success("v2"))).isFalse();
	}

	@Test
	void forgetsEverythingAfterARestart() {
		rise();
		this.counter.forget();
		assertThat(this.counter.status()).isNull();
		assertThat(this.counter.successes()).isZero();
		assertThat(this.counter.count(failure("refused"))).isFalse();
		assertThat(this.counter.count(failure("refused"))).isTrue();
		assertThat(this.counter.status()).isEqualTo(HealthStatus.UNHEALTHY);
	}

	private void rise() {
		this.counter.count(success("v1"));
		this.counter.count(success("v1"));
		this.counter.count(success("v1"));
	}

	static ProbeOutcome success(String version) {
		return ProbeOutcome.success(Version.of(version), 3, Instant.now());
	}

	static ProbeOutcome failure(String reason) {
		return ProbeOutcome.failure(reason, 3, Instant.now());
	}

}
