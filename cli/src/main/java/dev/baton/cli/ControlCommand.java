package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.JsonNode;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.deploy.DeployRequest;

/**
 * A pause, resume or cancel of the deploy that runs for a service. {@code deploy.steps}
 * is read to its end first: with nothing deploying the command is refused (exit 2) and
 * publishes nothing, and a deploy already as asked (paused, not paused, cancelling) is
 * said so and left alone. Otherwise the request names the running deploy, and the same
 * reader, positioned where that read ended, waits for the deployer's step that answers
 * it; the deploy ending first means there was nothing left to control (exit 2).
 */
abstract class ControlCommand implements Callable<Integer> {

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

	@Option(names = "--timeout", defaultValue = "30s",
			description = "how long to wait for the deployer's answer" + " (default 30s)")
	private Duration timeout;

	/**
	 * @return the request for the running deploy
	 */
	abstract DeployRequest request(DeployId deployId, ServiceName service, String requestedBy, String reason);

	/**
	 * @return why the deploy needs no request, or null when it does
	 */
	abstract String alreadyDone(RunningDeploy deploy);

	/**
	 * @return the step that answers the request
	 */
	abstract String answer();

	/**
	 * @return what the answer means, to print after it
	 */
	abstract String meaning(RunningDeploy deploy);

	@Override
	public Integer call() {
		PrintWriter out = this.spec.commandLine().getOut();
		ServiceName service = ServiceName.of(this.service);
		try (Kafka kafka = new Kafka(this.connection);
				KafkaConsumer<String, String> steps = kafka.reader("deploy.steps", true)) {
			DeployHistory history = DeployHistory.of(Kafka.drain(steps));
			RunningDeploy deploy = history.running(service.value()).orElse(null);
			if (deploy == null) {
				this.spec.commandLine().getErr().printf("baton: nothing is deploying %s%n", service);
				return ExitCode.REJECTED;
			}
			String done = alreadyDone(deploy);
			if (done != null) {
				out.printf("Deploy %s of %s %s %s; nothing to do%n", deploy.deployId(), service, deploy.version(),
						done);
				return ExitCode.OK;
			}
			kafka.send("deploy.requests", service.value(), request(DeployId.of(deploy.deployId()), service,
					Requester.orCurrentUser(this.requestedBy), this.reason));
			return awaitAnswer(steps, deploy, out);
		}
	}

	private int awaitAnswer(KafkaConsumer<String, String> steps, RunningDeploy deploy, PrintWriter out) {
		long deadline = System.nanoTime() + this.timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (ConsumerRecord<String, String> record : steps.poll(Duration.ofMillis(200))) {
				JsonNode step = Kafka.json(record);
				if (step == null || !deploy.deployId().equals(step.path("deployId").asString())) {
					continue;
				}
				String type = step.path("type").asString();
				if (answer().equals(type)) {
					out.printf("%s%n%s%n", StepFollower.describe(step), meaning(deploy));
					return ExitCode.OK;
				}
				if ("DeploySucceeded".equals(type) || "DeployFailed".equals(type)) {
					out.printf("%s%n", StepFollower.describe(step));
					this.spec.commandLine()
						.getErr()
						.printf("baton: deploy %s ended before the deployer answered; nothing is deploying %s%n",
								deploy.deployId(), this.service);
					return ExitCode.REJECTED;
				}
			}
		}
		out.printf("No answer from the deployer within %s (is it running?)%n", this.timeout);
		return ExitCode.TIMEOUT;
	}

}
