package dev.baton.health.probe;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.kafka.testing.FreePorts;
import dev.baton.health.support.TestInstance;
import dev.baton.health.support.TestInstance.Body;
import dev.baton.health.support.TestInstance.Mode;

import static org.assertj.core.api.Assertions.assertThat;

class HttpProberTests {

	private final TestInstance instance = TestInstance.start();

	private final ProbeSettings settings = new ProbeSettings(Duration.ofSeconds(2), Duration.ofSeconds(1), 2, 2,
			Duration.ofMillis(100), "version",
			Pattern.compile("(?i)^\\s*ok\\s+(?<version>[A-Za-z0-9][A-Za-z0-9._-]*)"));

	private final HttpProber prober = new HttpProber(
			List.of(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build()),
			new VersionReader(JsonMapper.builder().build()), Clock.systemUTC(), "replica-a", 1024,
			ForkJoinPool.commonPool());

	@AfterEach
	void stopInstance() {
		this.instance.close();
	}

	@Test
	void healthyInstanceReportsItsVersion() throws Exception {
		this.instance.version("v3");
		ProbeOutcome outcome = probe(this.instance.port());
		assertThat(outcome.success()).isTrue();
		assertThat(outcome.version()).isEqualTo(Version.of("v3"));
		assertThat(outcome.reason()).isEmpty();
		assertThat(this.instance.probes()).extracting(TestInstance.Probe::prober).containsExactly("replica-a");
	}

	@Test
	void readsTheVersionFromActuatorAndTextBodies() throws Exception {
		this.instance.body(Body.ACTUATOR).version("a1");
		assertThat(probe(this.instance.port()).version()).isEqualTo(Version.of("a1"));
		this.instance.body(Body.TEXT).version("t1");
		assertThat(probe(this.instance.port()).version()).isEqualTo(Version.of("t1"));
	}

	@Test
	void shuttingDownInstanceFailsWith503() throws Exception {
		this.instance.mode(Mode.UNAVAILABLE);
		ProbeOutcome outcome = probe(this.instance.port());
		assertThat(outcome.success()).isFalse();
		assertThat(outcome.reason()).isEqualTo("503");
		assertThat(outcome.version()).isNull();
	}

	@Test
	void slowInstanceFailsWithTimeout() throws Exception {
		this.instance.mode(Mode.SLOW).slowness(Duration.ofSeconds(5));
		ProbeOutcome outcome = probe(this.instance.port());
		assertThat(outcome.success()).isFalse();
		assertThat(outcome.reason()).isEqualTo("timeout");
		assertThat(outcome.latencyMillis()).isBetween(900L, 4000L);
	}

	@Test
	void stoppedInstanceFailsWithRefused() throws Exception {
		ProbeOutcome outcome = probe(FreePorts.next());
		assertThat(outcome.success()).isFalse();
		assertThat(outcome.reason()).isEqualTo("refused");
	}

	@Test
	void resetConnectionFailsWithReset() throws Exception {
		try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			// every connection, since the JDK client retries a GET once on a fresh
			// connection
			CompletableFuture<Void> resetter = CompletableFuture.runAsync(() -> {
				while (!server.isClosed()) {
					try (Socket socket = server.accept()) {
						socket.getInputStream().read(new byte[4096]);
						socket.setSoLinger(true, 0);
					}
					catch (IOException ex) {
						return;
					}
				}
			});
			ProbeOutcome outcome = probe(server.getLocalPort());
			server.close();
			resetter.get(5, TimeUnit.SECONDS);
			assertThat(outcome.success()).isFalse();
			assertThat(outcome.reason()).isEqualTo("reset");
		}
	}

	@Test
	void afterARefusalAnInstanceListeningAgainIsProbedOverHttp() throws Exception {
		this.instance.version("v4");
		ProbeOutcome outcome = this.prober.probeAfterRefusal(target(this.instance.port()), this.settings)
			.get(5, TimeUnit.SECONDS);
		assertThat(outcome.success()).isTrue();
		assertThat(outcome.version()).isEqualTo(Version.of("v4"));
		assertThat(this.instance.probes()).hasSize(1);
	}

	@Test
	void afterARefusalNothingListeningIsRefusedAgain() throws Exception {
		try (TestInstance gone = TestInstance.stopped()) {
			ProbeOutcome outcome = this.prober.probeAfterRefusal(target(gone.port()), this.settings)
				.get(5, TimeUnit.SECONDS);
			assertThat(outcome.success()).isFalse();
			assertThat(outcome.refused()).isTrue();
		}
	}

	@Test
	void aProcessStillListeningIsFoundWithoutARequest() throws Exception {
		assertThat(this.prober.refusal(target(this.instance.port()), this.settings).get(5, TimeUnit.SECONDS)).isEmpty();
		assertThat(this.instance.probes()).isEmpty();

		try (TestInstance gone = TestInstance.stopped()) {
			ProbeOutcome refused = this.prober.refusal(target(gone.port()), this.settings)
				.get(5, TimeUnit.SECONDS)
				.orElseThrow();
			assertThat(refused.refused()).isTrue();
		}
	}

	@Test
	void unresolvableHostFailsWithoutThrowing() throws Exception {
		ProbeTarget target = new ProbeTarget(InstanceId.of("ghost-1"), ServiceName.of("ghost"),
				new Endpoint("no-such-host.invalid", 8080), "/health");
		ProbeOutcome outcome = this.prober.probe(target, this.settings).get(5, TimeUnit.SECONDS);
		assertThat(outcome.success()).isFalse();
		assertThat(outcome.reason()).isEqualTo("unresolved");
	}

	@Test
	void probesInstancesNamedByHostName() throws Exception {
		ProbeTarget target = new ProbeTarget(InstanceId.of("orders-1"), ServiceName.of("orders"),
				new Endpoint("localhost", this.instance.port()), "/health");
		ProbeOutcome outcome = this.prober.probe(target, this.settings).get(5, TimeUnit.SECONDS);
		assertThat(outcome.reason()).isEmpty();
		assertThat(outcome.success()).isTrue();
	}

	private ProbeOutcome probe(int port) throws Exception {
		return this.prober.probe(target(port), this.settings).get(5, TimeUnit.SECONDS);
	}

	private static ProbeTarget target(int port) {
		return new ProbeTarget(InstanceId.of("orders-1"), ServiceName.of("orders"), new Endpoint("127.0.0.1", port),
				"/health");
	}

}
