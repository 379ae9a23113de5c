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
import dev.baton.contracts.nginx.DrainDeadline;

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

	@Option(names = "--bake", description = "how long to wait after each batch is back in rotation before the next"
			+ " (and to judge a canary over), e.g. 60s; 0s for none; default: the service's bake")
	private Duration bake;

	@Option(names = "--canary", description = "the first batch's share of the traffic while it bakes, judged against"
			+ " the old version's before the deploy goes on, e.g. 10%%; 0 for none; default: the service's canary")
	private String canary;

	@Option(names = "--drain-timeout", description = "how long each instance's drain may take, connections still open"
			+ " then handled by --drain-on-timeout, e.g. 2m; default: the service's drain.timeout")
	private Duration drainTimeout;

	@Option(names = "--drain-on-timeout", description = "fail (nothing is restarted, the gate reopens, the deploy fails"
			+ " naming the node and the connections open) or proceed (the instance gets SIGTERM with them open and the"
			+ " app closes them); default: the service's drain.on-timeout")
	private String drainOnTimeout;

	@Option(names = "--plan", description = "only print the batches and steps the deployer would run now; nothing is"
			+ " touched (exit 0, or 2 when the deploy would be rejected)")
	private boolean plan;

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

	private Duration drainTimeout() {
		if (this.drainTimeout != null && (this.drainTimeout.isNegative() || this.drainTimeout.isZero())) {
			throw new ParameterException(this.spec.commandLine(),
					"--drain-timeout must be a positive duration, e.g. 2m, got " + this.drainTimeout);
		}
		return this.drainTimeout;
	}

	private DrainDeadline.OnTimeout drainOnTimeout() {
		if (this.drainOnTimeout == null) {
			return null;
		}
		try {
			return DrainDeadline.OnTimeout.valueOf(this.drainOnTimeout.toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(this.spec.commandLine(),
					"--drain-on-timeout must be fail or proceed, got '" + this.drainOnTimeout + "'");
		}
	}

	private Integer canaryPercent() {
		if (this.canary == null) {
			return null;
		}
		String percent = this.canary.strip();
		percent = percent.endsWith("%") ? percent.substring(0, percent.length() - 1).strip() : percent;
		try {
			int value = Integer.parseInt(percent);
			if (value >= 0 && value <= DeployRequested.MAX_CANARY_PERCENT) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// refused below
		}
		throw new ParameterException(this.spec.commandLine(),
				"--canary must be a whole percent from 1% to 99% (0 for none), got '" + this.canary + "'");
	}

	@Override
	public Integer call() {
		DeployRequested request = new DeployRequested(
				DeployId
					.of((this.deployId != null) ? this.deployId : (this.plan ? "plan-" : "cli-") + UUID.randomUUID()),
				ServiceName.of(this.service), Version.of(this.version), this.batch, drainTimeout(), null,
				this.allowDowntime, Requester.orCurrentUser(this.requestedBy), null, strategy(), this.bake,
				canaryPercent(), this.plan, drainOnTimeout());
		try (Kafka kafka = new Kafka(this.connection)) {
			KafkaConsumer<String, String> steps = (this.wait || this.plan) ? kafka.reader("deploy.steps", false) : null;
			kafka.send("deploy.requests", request.service().value(), request);
			this.spec.commandLine()
				.getOut()
				.printf("Requested %s %s: %s %s%n", this.plan ? "the plan of deploy" : "deploy", request.deployId(),
						request.service(), request.version());
			if (steps == null) {
				return ExitCode.OK;
			}
			try (steps) {
				StepFollower follower = new StepFollower(steps, request.deployId(), this.spec.commandLine().getOut());
				return this.plan ? follower.firstAnswer(this.timeout) : follower.follow(this.timeout);
			}
		}
	}

}
