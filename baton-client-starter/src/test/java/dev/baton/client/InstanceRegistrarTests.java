package dev.baton.client;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.registration.RegistrationMessage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The registrar's ordering and retries, with Kafka's own in-memory producer standing in
 * for the broker (the integration tests use a real one).
 */
class InstanceRegistrarTests {

	private final MockProducer<String, byte[]> producer = new MockProducer<>(true, null, new StringSerializer(),
			new ByteArraySerializer());

	private final InstanceIdentity identity = InstanceIdentity.of(ServiceName.of("orders"), InstanceId.of("orders-1"),
			new Endpoint("127.0.0.1", 8081), Version.of("v2"), "/health");

	@Test
	void retriesTheRegistrationUntilKafkaTakesIt() {
		FlakyPublisher publisher = new FlakyPublisher(2);
		InstanceRegistrar registrar = registrar(publisher, true);

		registrar.onApplicationEvent(null);

		await().atMost(30, TimeUnit.SECONDS).until(() -> this.producer.history().size() == 1);
		assertThat(publisher.attempts.get()).isEqualTo(3);
		assertThat(values()).singleElement().asString().contains("\"type\":\"InstanceRegistered\"");
		registrar.stop();
	}

	@Test
	void deregistersAfterTheRegistrationOnShutdown() {
		InstanceRegistrar registrar = registrar(new FlakyPublisher(0), true);
		registrar.start();
		registrar.onApplicationEvent(null);

		registrar.stop();

		assertThat(values()).hasSize(2);
		assertThat(values().get(0)).contains("\"type\":\"InstanceRegistered\"");
		assertThat(values().get(1)).contains("\"type\":\"InstanceDeregistered\"")
			.contains("\"instanceId\":\"orders-1\"")
			.contains("\"reason\":\"shutdown\"");
		assertThat(this.producer.history()).allSatisfy((record) -> assertThat(record.key()).isEqualTo("orders"));
		assertThat(this.producer.closed()).isTrue();
	}

	@Test
	void staysRegisteredOnShutdownWhenDeregistrationIsOff() {
		InstanceRegistrar registrar = registrar(new FlakyPublisher(0), false);
		registrar.onApplicationEvent(null);

		await().atMost(10, TimeUnit.SECONDS).until(this.producer::closed);
		assertThat(values()).singleElement().asString().contains("\"type\":\"InstanceRegistered\"");
		registrar.stop();

		assertThat(values()).singleElement().asString().contains("\"type\":\"InstanceRegistered\"");
	}

	@Test
	void sendsNothingWhenStoppedBeforeReady() {
		InstanceRegistrar registrar = registrar(new FlakyPublisher(0), true);

		registrar.stop();

		assertThat(this.producer.history()).isEmpty();
	}

	@Test
	void stopsFirstWhileTheWebServerStillServes() {
		assertThat(registrar(new FlakyPublisher(0), true).getPhase()).isEqualTo(Integer.MAX_VALUE);
	}

	private InstanceRegistrar registrar(FlakyPublisher publisher, boolean deregister) {
		return new InstanceRegistrar(() -> publisher, () -> this.identity, deregister, Duration.ofSeconds(1));
	}

	private List<String> values() {
		return this.producer.history()
			.stream()
			.map((record) -> new String(record.value(), StandardCharsets.UTF_8))
			.toList();
	}

	/** Fails its first sends, as a publisher does while the broker is unreachable. */
	private final class FlakyPublisher extends RegistrationPublisher {

		final AtomicInteger attempts = new AtomicInteger();

		private final int failures;

		FlakyPublisher(int failures) {
			super("baton.registrations", Duration.ofSeconds(1), InstanceRegistrarTests.this.producer);
			this.failures = failures;
		}

		@Override
		void publish(RegistrationMessage message) {
			if (this.attempts.incrementAndGet() <= this.failures) {
				throw new PublishFailedException(topic(), new IllegalStateException("broker unreachable"));
			}
			super.publish(message);
		}

	}

}
