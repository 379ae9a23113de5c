package dev.baton.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.contracts.registration.InstanceRegistered;

/**
 * Registers an instance, for apps that cannot publish to Kafka themselves and for scaling
 * hooks.
 */
@Command(name = "register", description = "Register an instance of SERVICE at HOST:PORT running VERSION.")
class RegisterCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Parameters(index = "0")
	private String service;

	@Parameters(index = "1")
	private String host;

	@Parameters(index = "2")
	private int port;

	@Parameters(index = "3")
	private String version;

	@Option(names = "--instance-id", description = "the instance id (default service-host-port)")
	private String instanceId;

	@Option(names = "--health-path", description = "the path health-service probes (default /health)")
	private String healthPath;

	@Override
	public Integer call() {
		InstanceRegistered registered = new InstanceRegistered(null,
				(this.instanceId != null) ? InstanceId.of(this.instanceId) : null, ServiceName.of(this.service),
				this.host, this.port, Version.of(this.version), this.healthPath, "cli", null);
		try (Kafka kafka = new Kafka(this.connection)) {
			kafka.send("registrations", registered.service().value(), registered);
		}
		this.spec.commandLine()
			.getOut()
			.printf("Registered %s (%s %s on %s)%n", registered.instanceId(), registered.service(),
					registered.version(), registered.endpoint());
		return ExitCode.OK;
	}

}
