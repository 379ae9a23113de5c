package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Callable;

import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.RollbackDeploy;

/**
 * Rolls a service back to the release before its last succeeded one, as a new deploy.
 * {@code deploy.steps} is read to its end first, so a service with no earlier release to
 * go back to, or with a deploy running, is refused (exit 2) without publishing; the
 * deployer picks the version itself from the same record and answers with the deploy's
 * start (marked as a rollback) or its rejection.
 */
@Command(name = "rollback", description = { "Deploy again the release SERVICE ran before its last succeeded deploy.",
		"A new deploy (DeployStarted says rollback), without bake or canary; each rollback goes one release further"
				+ " back. Refused (exit 2) when no earlier release succeeded, or while a deploy of SERVICE runs"
				+ " (baton cancel SERVICE rolls back what that one touched).",
		"Without --wait: exit 0 once the deployer started it; with --wait: the deploy's verdict, as baton deploy"
				+ " --wait." })
class RollbackCommand implements Callable<Integer> {

	private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(30);

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0", description = "the service")
	private String service;

	@Option(names = "--reason", defaultValue = "", description = "why, for the audit trail")
	private String reason;

	@Option(names = "--requested-by", description = "who asks, for the audit trail (default: $USER)")
	private String requestedBy;

	@Option(names = "--deploy-id", description = "the new deploy's id (default: generated)")
	private String deployId;

	@Option(names = "--wait", description = "follow the rollback and exit with its verdict")
	private boolean wait;

	@Option(names = "--timeout", defaultValue = "15m", description = "how long --wait waits (default 15m)")
	private Duration timeout;

	@Override
	public Integer call() {
		PrintWriter out = this.spec.commandLine().getOut();
		PrintWriter err = this.spec.commandLine().getErr();
		ServiceName service = ServiceName.of(this.service);
		RollbackDeploy request = new RollbackDeploy(
				DeployId.of((this.deployId != null) ? this.deployId : "cli-" + UUID.randomUUID()), service,
				Requester.orCurrentUser(this.requestedBy), this.reason, null);
		try (Kafka kafka = new Kafka(this.connection);
				KafkaConsumer<String, String> steps = kafka.reader("deploy.steps", true)) {
			DeployHistory history = DeployHistory.of(Kafka.drain(steps));
			if (history.rollbackTarget(service.value()).isEmpty()) {
				err.printf("baton: nothing to roll back to: %s%n",
						history.newest(service.value())
							.map((newest) -> newest + " is the only release of " + service + " that succeeded")
							.orElse("no deploy of " + service + " succeeded yet"));
				return ExitCode.REJECTED;
			}
			if (history.running(service.value()).isPresent()) {
				err.printf("baton: %s; baton cancel %s rolls back what it touched%n",
						history.running(service.value()).get().describe(), service);
				return ExitCode.REJECTED;
			}
			kafka.send("deploy.requests", service.value(), request);
			out.printf("Requested rollback %s of %s: %s back to %s%n", request.deployId(), service,
					history.newest(service.value()).orElse("?"), history.rollbackTarget(service.value()).get());
			StepFollower follower = new StepFollower(steps, request.deployId(), out);
			return this.wait ? follower.follow(this.timeout) : follower.firstAnswer(ANSWER_TIMEOUT);
		}
	}

}
