package dev.baton.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.registration.InstanceDeregistered;

/**
 * Deregisters an instance by id or by endpoint: nginx stops sending it requests and drops
 * it once drained.
 */
@Command(name = "deregister", description = "Deregister an instance of SERVICE, by --instance-id or --host/--port.")
class DeregisterCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0")
	private String service;

	@ArgGroup(multiplicity = "1")
	private Target target;

	@Option(names = "--reason", defaultValue = "", description = "why, for the audit trail")
	private String reason;

	@Override
	public Integer call() {
		InstanceDeregistered deregistered = new InstanceDeregistered(null,
				(this.target.instanceId != null) ? InstanceId.of(this.target.instanceId) : null,
				ServiceName.of(this.service), (this.target.endpoint != null) ? this.target.endpoint.host : null,
				(this.target.endpoint != null) ? this.target.endpoint.port : 0, "cli", this.reason, null);
		try (Kafka kafka = new Kafka(this.connection)) {
			kafka.send("registrations", deregistered.service().value(), deregistered);
		}
		this.spec.commandLine().getOut().printf("Deregistration of %s published%n", this.target);
		return ExitCode.OK;
	}

	static class Target {

		@Option(names = "--instance-id", required = true)
		String instanceId;

		@ArgGroup(exclusive = false)
		EndpointOptions endpoint;

		@Override
		public String toString() {
			return (this.instanceId != null) ? this.instanceId : this.endpoint.host + ":" + this.endpoint.port;
		}

	}

	static class EndpointOptions {

		@Option(names = "--host", required = true)
		String host;

		@Option(names = "--port", required = true)
		int port;

	}

}
