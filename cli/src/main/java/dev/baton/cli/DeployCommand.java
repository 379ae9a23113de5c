package dev.baton.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;

import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.deploy.DeployRequested;
import dev.baton.contracts.deploy.DeployStrategy;

/**
 * Publishes a deploy request and, with {@code --wait}, follows its steps to the verdict.
 * The reader is positioned before the request is published, so no step can be missed.
 */
@Command(name = "deploy", description = "Deploy VERSION of SERVICE on every instance.")
class DeployCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", description = "the service")
	private String service;

	@Parameters(index = "1", description = "the version")
	private String version;

	@Option(names = "--batch", description = "instances taken out of rotation at once (surge: replaced at once)")
	private Integer batch;

	@Option(names = "--strategy", description = "rolling (restart in place) or surge (new instances on spare ports"
			+ " first); default: the service's configured strategy")
	private String strategy;

	@Option(names = "--wait", description = "follow the deploy and exit with its verdict: every step, a rollback "
			+ "(DeployRollingBack, with its reason), and the instances a failure kept out of rotation")
	private boolean wait;

	@Option(names = "--timeout", defaultValue = "15m", description = "how long --wait waits (default 15m)")
	private Duration timeout;

	@Option(names = "--allow-downtime", description = "accept downtime: deploy a service that has one instance, or"
			+ " take more out of rotation than min-healthy leaves (only where the service's configuration allows it)")
	private boolean allowDowntime;

	@Option(names = "--deploy-id", description = "the deploy id (default: generated)")
	private String deployId;

	@Option(names = "--requested-by", description = "who asks, for the audit trail (default: $USER)")
	private String requestedBy;

	private DeployStrategy strategy() {
		if (this.strategy == null) {
			return null;
		}
		try {
			return DeployStrategy.valueOf(this.strategy.toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(this.spec.commandLine(),
					"--strategy must be rolling or surge, got '" + this.strategy + "'");
		}
	}

	@Override
	public Integer call() {
		DeployRequested request = new DeployRequested(
				DeployId.of((this.deployId != null) ? this.deployId : "cli-" + UUID.randomUUID()),
				ServiceName.of(this.service), Version.of(this.version), this.batch, null, null, this.allowDowntime,
				(this.requestedBy != null) ? this.requestedBy : System.getProperty("user.name", "cli"), null,
				strategy());
		try (Kafka kafka = new Kafka(this.connection)) {
			KafkaConsumer<String, String> steps = this.wait ? kafka.reader("deploy.steps", false) : null;
			kafka.send("deploy.requests", request.service().value(), request);
			this.spec.commandLine()
				.getOut()
				.printf("Requested deploy %s: %s %s%n", request.deployId(), request.service(), request.version());
			if (steps == null) {
				return ExitCode.OK;
			}
			try (steps) {
				return new StepFollower(steps, request.deployId(), this.spec.commandLine().getOut())
					.follow(this.timeout);
			}
		}
	}

}
