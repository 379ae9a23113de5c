package dev.baton.deployer.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import dev.baton.contracts.deploy.DeployStrategy;
import dev.baton.contracts.nginx.DrainDeadline;
import dev.baton.state.StateHome;

import static org.assertj.core.api.Assertions.assertThat;

class DeployerPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withUserConfiguration(PropertiesOnly.class);

	@Test
	void appliesDefaultsThatRunOnOneMachine() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=/usr/local/bin/activate",
					"baton.deployer.services.orders.runtime.restart[0]=supervisorctl",
					"baton.deployer.services.orders.runtime.restart[1]=restart",
					"baton.deployer.services.orders.runtime.restart[2]={instanceId}")
			.run((context) -> {
				DeployerProperties.Service orders = context.getBean(DeployerProperties.class).services().get("orders");
				assertThat(orders.maxUnavailable()).isEqualTo(1);
				assertThat(orders.minHealthy()).isEqualTo(1);
				assertThat(orders.drain().timeout()).isEqualTo(Duration.ofSeconds(30));
				assertThat(orders.drain().onTimeout()).as("connections open at the deadline fail the deploy")
					.isEqualTo(DrainDeadline.OnTimeout.FAIL);
				assertThat(orders.policy().downtimeAllowed()).as("a request may not accept downtime").isFalse();
				assertThat(orders.runtime().commands().sequence()).hasSize(2);
			});
	}

	@Test
	void aServicesDrainDeadlineAndPolicyReachEveryClosingCommandOfItsDeploys() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.drain.timeout=2m",
					"baton.deployer.services.orders.drain.on-timeout=proceed")
			.run((context) -> assertThat(
					context.getBean(DeployerProperties.class).services().get("orders").policy().drainDeadline())
				.isEqualTo(DrainDeadline.of(Duration.ofMinutes(2), DrainDeadline.OnTimeout.PROCEED, true)));
	}

	@Test
	void aServicesBakeAndCanaryDefaultToNoneAndAreJudgedWithSaneThresholds() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.bake=60s", "baton.deployer.services.orders.canary.percent=10",
					"baton.deployer.services.orders.canary.min-requests=50",
					"baton.deployer.services.billing.runtime.activate[0]=activate",
					"baton.deployer.services.billing.runtime.restart[0]=restart")
			.run((context) -> {
				DeployerProperties properties = context.getBean(DeployerProperties.class);
				assertThat(properties.services().get("orders").policy().bake()).isEqualTo(Duration.ofSeconds(60));
				assertThat(properties.services().get("orders").policy().canaryPercent()).isEqualTo(10);
				assertThat(properties.services().get("orders").policy().canary().minRequests()).isEqualTo(50);
				assertThat(properties.services().get("orders").policy().canary().maxAddedErrorPercent()).isEqualTo(1.0);
				assertThat(properties.services().get("billing").policy().bake()).isZero();
				assertThat(properties.services().get("billing").policy().canaryPercent()).isZero();
			});
	}

	@Test
	void refusesToStartWithACanaryWithoutABakeOrWithAThresholdOutOfRange() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.canary.percent=10")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("canary.percent needs a bake"));
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.bake=60s", "baton.deployer.services.orders.canary.percent=10",
					"baton.deployer.services.orders.canary.max-p99-ratio=0.5")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("canary.max-p99-ratio must be 1 or more"));
	}

	@Test
	void refusesToStartWithAnUnknownPlaceholderNamingTheProperty() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.runtime.restart[1]={cmd}")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining("baton.deployer.services.orders")
					.hasStackTraceContaining("unknown placeholder {cmd}");
			});
	}

	@Test
	void aBatchWaitsForInstancesToServeAgainAsLongAsTheHealthTimeoutUnlessMinHealthyWaitSays() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.health-timeout=90s",
					"baton.deployer.services.billing.runtime.activate[0]=activate",
					"baton.deployer.services.billing.runtime.restart[0]=restart",
					"baton.deployer.services.billing.min-healthy-wait=5m")
			.run((context) -> {
				DeployerProperties properties = context.getBean(DeployerProperties.class);
				assertThat(properties.services().get("orders").policy().minHealthyWait())
					.isEqualTo(Duration.ofSeconds(90));
				assertThat(properties.services().get("billing").policy().minHealthyWait())
					.isEqualTo(Duration.ofMinutes(5));
			});
	}

	@Test
	void refusesToStartWithAMinHealthyWaitThatIsNotPositiveNamingTheProperty() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.min-healthy-wait=0s")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining("baton.deployer.services.orders")
					.hasStackTraceContaining("min-healthy-wait must be a positive duration, got PT0S");
			});
	}

	@Test
	void refusesToStartWithAZeroBatchSizeNamingTheProperty() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate[0]=activate",
					"baton.deployer.services.orders.runtime.restart[0]=restart",
					"baton.deployer.services.orders.max-unavailable=0")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining("maxUnavailable");
			});
	}

	@Test
	void bindsTheCheckCommandAndItsIntervalIntoTheServicesPolicy() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate=activate",
					"baton.deployer.services.orders.runtime.restart=restart,{instanceId}",
					"baton.deployer.services.orders.runtime.check=/usr/local/bin/runs,{instanceId}",
					"baton.deployer.services.orders.runtime.check-interval=250ms")
			.run((context) -> {
				DeployerProperties.Service orders = context.getBean(DeployerProperties.class).services().get("orders");
				assertThat(orders.runtime().kind()).isEqualTo(RuntimeKind.COMMAND);
				assertThat(orders.runtime().commands().check()).hasValueSatisfying(
						(check) -> assertThat(check).hasToString("[/usr/local/bin/runs, {instanceId}]"));
				assertThat(orders.policy().checkInterval()).isEqualTo(Duration.ofMillis(250));
			});
	}

	@Test
	void bindsASurgeStrategyWithItsSparePortsAndTheCommandsThatStartAndStopInstances() {
		this.runner.withPropertyValues("baton.deployer.services.orders.runtime.activate=activate,{version},{port}",
				"baton.deployer.services.orders.runtime.start=start,{port}",
				"baton.deployer.services.orders.runtime.stop=stop,{instanceId}",
				"baton.deployer.services.orders.strategy=surge", "baton.deployer.services.orders.surge.ports=9101,9102")
			.run((context) -> {
				DeployerProperties.Service orders = context.getBean(DeployerProperties.class).services().get("orders");
				assertThat(orders.policy().strategy()).isEqualTo(DeployStrategy.SURGE);
				assertThat(orders.policy().sparePorts()).containsExactly(9101, 9102);
				assertThat(orders.runtime().commands().launch()).extracting(Object::toString)
					.containsExactly("[activate, {version}, {port}]", "[start, {port}]");
				assertThat(orders.runtime().commands().retire()).extracting(Object::toString)
					.containsExactly("[stop, {instanceId}]");
			});
	}

	@Test
	void refusesASurgeWithoutSparePortsOrWithARuntimeThatCannotStartInstancesNamingTheProperty() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate=activate",
					"baton.deployer.services.orders.runtime.restart=restart",
					"baton.deployer.services.orders.strategy=surge")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("baton.deployer.services.orders")
				.hasStackTraceContaining("strategy=surge needs spare ports (surge.ports)"));
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.activate=activate",
					"baton.deployer.services.orders.runtime.restart=restart",
					"baton.deployer.services.orders.surge.ports=9101")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("surge.ports needs a runtime that starts and stops instances"));
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.kind=systemd",
					"baton.deployer.services.orders.surge.ports=9101,9101")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("surge.ports lists a port twice: [9101, 9101]"));
	}

	@Test
	void bindsASupervisordRuntimeWithoutCommands() throws Exception {
		Path credentials = Files.createTempFile("credentials", "");
		try {
			this.runner.withPropertyValues("baton.deployer.services.orders.runtime.kind=supervisord",
					"baton.deployer.services.orders.runtime.activate=ln,-sfn,/srv/releases/{version},/srv/{instanceId}",
					"baton.deployer.services.orders.runtime.supervisord.url=http://127.0.0.1:9001",
					"baton.deployer.services.orders.runtime.supervisord.credentials-file=" + credentials)
				.run((context) -> {
					RuntimeProperties runtime = context.getBean(DeployerProperties.class)
						.services()
						.get("orders")
						.runtime();
					assertThat(runtime.kind()).isEqualTo(RuntimeKind.SUPERVISORD);
					assertThat(runtime.supervisord().program()).isEqualTo("{instanceId}");
					assertThat(runtime.supervisord().credentialsFile()).isEqualTo(credentials);
				});
		}
		finally {
			Files.delete(credentials);
		}
	}

	@Test
	void refusesASupervisordThatIsNotOnLoopbackNamingTheProperty() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.kind=supervisord",
					"baton.deployer.services.orders.runtime.supervisord.url=http://192.0.2.7:9001")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasStackTraceContaining("baton.deployer.services.orders")
					.hasStackTraceContaining("runtime.supervisord.url must be http://127.0.0.1:PORT (loopback only)");
			});
	}

	@Test
	void refusesAnUnreadableCredentialsFileAndCommandsTheSupervisordRuntimeWouldIgnore() {
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.kind=supervisord",
					"baton.deployer.services.orders.runtime.supervisord.url=unix:///run/supervisor.sock",
					"baton.deployer.services.orders.runtime.supervisord.credentials-file=/nonexistent/credentials")
			.run((context) -> assertThat(context.getStartupFailure()).hasStackTraceContaining(
					"runtime.supervisord.credentials-file /nonexistent/credentials cannot be read"));
		this.runner
			.withPropertyValues("baton.deployer.services.orders.runtime.kind=supervisord",
					"baton.deployer.services.orders.runtime.supervisord.url=unix:///run/supervisor.sock",
					"baton.deployer.services.orders.runtime.restart=supervisorctl,restart,{instanceId}")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("runtime.restart is for runtime.kind=command, not supervisord"));
	}

	@Test
	void bindsASystemdRuntimeWithItsDefaults() {
		this.runner.withPropertyValues("baton.deployer.services.orders.runtime.kind=systemd").run((context) -> {
			RuntimeProperties runtime = context.getBean(DeployerProperties.class).services().get("orders").runtime();
			assertThat(runtime.kind()).isEqualTo(RuntimeKind.SYSTEMD);
			assertThat(runtime.systemd().unit()).isEqualTo("{service}@{port}.service");
			assertThat(runtime.systemd().systemctl()).containsExactly("systemctl");
		});
	}

	@Test
	void refusesAnUnknownRuntimeKind() {
		this.runner.withPropertyValues("baton.deployer.services.orders.runtime.kind=docker")
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("baton.deployer.services.orders.runtime.kind"));
	}

	@Test
	void workDirDefaultsToAPrivateStateDirectoryNamedAfterTheReplicaNotTheTemporaryDirectory() {
		this.runner.withPropertyValues("baton.deployer.replica-id=deployer-7104").run((context) -> {
			Path workDir = context.getBean(DeployerProperties.class).workDir();
			assertThat(workDir).isEqualTo(StateHome.current().resolve("deployer/deployer-7104"))
				.satisfies((dir) -> assertThat(dir.startsWith(System.getProperty("java.io.tmpdir"))).isFalse());
		});
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(DeployerProperties.class)
	static class PropertiesOnly {

	}

}
