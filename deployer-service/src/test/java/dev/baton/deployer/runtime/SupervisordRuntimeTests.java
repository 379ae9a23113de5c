package dev.baton.deployer.runtime;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.RestartResult;
import dev.baton.deployer.rollout.plan.DeployTarget;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;
import dev.baton.kafka.testing.FreePorts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The supervisord runtime against a real supervisord: restarts in place and onto the
 * other program of a pair, over HTTP with a password and over the unix socket.
 */
class SupervisordRuntimeTests {

	private static final ServiceName ORDERS = ServiceName.of("orders");

	private static final DeployTarget SINGLE = new DeployTarget(InstanceId.of("orders-1"),
			new Endpoint("127.0.0.1", FreePorts.next()), Version.of("serve"));

	private static final DeployTarget PAIR = new DeployTarget(InstanceId.of("orders-2"),
			new Endpoint("127.0.0.1", FreePorts.next()), Version.of("serve"));

	private static final DeployTarget SPARE = new DeployTarget(InstanceId.of("orders-3"),
			new Endpoint("127.0.0.1", FreePorts.next()), Version.of("serve"));

	@TempDir
	static Path dir;

	static RealSupervisord supervisord;

	@BeforeAll
	static void startSupervisord() throws IOException {
		supervisord = RealSupervisord.start(dir,
				List.of(new RealSupervisord.Instance("orders-1", SINGLE.endpoint().port(), false),
						new RealSupervisord.Instance("orders-2", PAIR.endpoint().port(), true),
						new RealSupervisord.Instance("orders-3", SPARE.endpoint().port(), true)));
	}

	@AfterAll
	static void stopSupervisord() throws InterruptedException {
		supervisord.close();
	}

	@Test
	void restartsAPairOntoTheOtherProgramAndBack() throws Exception {
		SupervisordRuntime runtime = runtime(supervisord.httpUrl(), Optional.of(supervisord.credentials()));
		int oldPid = supervisord.program("orders-2:orders-2-a").pid();

		RestartResult onB = runtime.restart(ORDERS, PAIR, Version.of("serve"));

		assertThat(onB.succeeded()).as(onB.stderr()).isTrue();
		assertThat(onB.stderr()).contains("asked orders-2-a to stop").contains("started orders-2-b");
		assertThat(supervisord.program("orders-2:orders-2-b").running()).isTrue();
		assertThat(supervisord.program("orders-2:orders-2-a").pid()).isNotEqualTo(oldPid);
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> get(PAIR).equals("serve"));
		assertThat(onB.watch().crashed()).isEmpty();

		RestartResult backOnA = runtime.restart(ORDERS, PAIR, Version.of("serve"));

		assertThat(backOnA.succeeded()).as(backOnA.stderr()).isTrue();
		assertThat(backOnA.stderr()).contains("asked orders-2-b to stop").contains("started orders-2-a");
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> get(PAIR).equals("serve"));
		assertThat(supervisord.program("orders-2:orders-2-b").running()).isFalse();
	}

	@Test
	void restartsASingleProgramInPlaceOverTheUnixSocketOnTheActivatedRelease() throws Exception {
		SupervisordRuntime runtime = runtime(supervisord.unixUrl(), Optional.empty());
		int oldPid = supervisord.program("orders-1:orders-1").pid();

		RestartResult result = runtime.restart(ORDERS, SINGLE, Version.of("once"));

		assertThat(result.succeeded()).as(result.stderr()).isTrue();
		assertThat(supervisord.program("orders-1:orders-1").pid()).isNotEqualTo(oldPid);
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> get(SINGLE).equals("once"));
		await("the watch sees the process that answered once exit").atMost(Duration.ofSeconds(30))
			.until(() -> result.watch().crashed().isPresent());

		RestartResult serving = runtime.restart(ORDERS, SINGLE, Version.of("serve"));

		assertThat(serving.succeeded()).as(serving.stderr()).isTrue();
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> get(SINGLE).equals("serve"));
	}

	@Test
	void stopsAnInstanceForGoodAndStartsItAgainAsASurgeDeployDoes() throws Exception {
		SupervisordRuntime runtime = runtime(supervisord.unixUrl(), Optional.empty());
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> get(SPARE).equals("serve"));

		RestartResult stopped = runtime.stop(ORDERS, SPARE);

		assertThat(stopped.succeeded()).as(stopped.stderr()).isTrue();
		assertThat(supervisord.program("orders-3:orders-3-a").running()).isFalse();
		assertThat(supervisord.program("orders-3:orders-3-b").running()).isFalse();
		assertThat(runtime.stop(ORDERS, SPARE).stderr()).contains("no program of orders-3 runs");

		RestartResult started = runtime.start(ORDERS, SPARE, Version.of("serve"));

		assertThat(started.succeeded()).as(started.stderr()).isTrue();
		assertThat(supervisord.program("orders-3:orders-3-a").running()).isTrue();
		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> get(SPARE).equals("serve"));
		assertThat(started.watch().crashed()).isEmpty();
	}

	@Test
	void badCredentialsAreRefusedWithAClearErrorAndNothingIsRestarted() throws Exception {
		Path wrong = dir.resolve("wrong-credentials");
		Files.writeString(wrong, "Basic YmF0b246bm90LXRoZS1wYXNzd29yZA==\n");
		int pid = supervisord.program("orders-1:orders-1").pid();

		RestartResult result = runtime(supervisord.httpUrl(), Optional.of(wrong)).restart(ORDERS, SINGLE,
				Version.of("serve"));

		assertThat(result.succeeded()).isFalse();
		assertThat(result.stderr()).contains("supervisord at " + supervisord.httpUrl() + "/RPC2")
			.contains("refused the credentials (HTTP 401)");
		assertThat(supervisord.program("orders-1:orders-1").pid()).isEqualTo(pid);
	}

	@Test
	void namesAProgramSupervisordDoesNotRun() throws Exception {
		DeployTarget unknown = new DeployTarget(InstanceId.of("orders-9"), SINGLE.endpoint(), Version.of("serve"));

		RestartResult result = runtime(supervisord.unixUrl(), Optional.empty()).restart(ORDERS, unknown,
				Version.of("serve"));

		assertThat(result.succeeded()).isFalse();
		assertThat(result.stderr()).contains("supervisord has no program orders-9");
	}

	@Test
	void talksOnlyToLoopbackOrAUnixSocket() {
		assertThatIllegalArgumentException().isThrownBy(() -> SupervisorClient.check("http://10.0.0.5:9001"))
			.withMessageContaining("loopback only");
		assertThatIllegalArgumentException().isThrownBy(() -> SupervisorClient.check("https://127.0.0.1:9001"));
		assertThatIllegalArgumentException().isThrownBy(() -> SupervisorClient.check("unix://relative/sock"));
		SupervisorClient.check("http://127.0.0.1:9001");
		SupervisorClient.check("http://localhost:9001/RPC2");
		SupervisorClient.check("unix:///run/supervisor.sock");
	}

	private static SupervisordRuntime runtime(String url, Optional<Path> credentials) {
		return new SupervisordRuntime(SupervisorClient.of(url, credentials), "{instanceId}",
				Optional.of(new ArgvTemplate(supervisord.activate())), Duration.ofSeconds(30),
				WorkDirectory.prepare(dir.resolve("work")));
	}

	private static String get(DeployTarget target) throws IOException, InterruptedException {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + target.endpoint().port() + "/health"))
				.timeout(Duration.ofSeconds(5))
				.build(), HttpResponse.BodyHandlers.ofString());
		return response.body();
	}

}
