package dev.baton.deployer.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.baton.contracts.ServiceName;
import dev.baton.deployer.rollout.InstanceRuntime;
import dev.baton.deployer.runtime.ArgvTemplate;
import dev.baton.deployer.runtime.CommandRuntime;
import dev.baton.deployer.runtime.SupervisordRuntime;
import dev.baton.deployer.runtime.SystemdRuntime;
import dev.baton.deployer.runtime.supervisord.SupervisorClient;

/**
 * How a service's instances are restarted (under {@code runtime.}). Argv templates take
 * the placeholders {@code {service} {instanceId} {host} {port} {version}}. The
 * {@code command} kind runs either {@code restart} (after {@code activate}) or both
 * {@code stop} and {@code start} (around it); the {@code supervisord} kind runs the
 * optional {@code activate}, then restarts the instance's program through supervisord.
 *
 * @param kind who runs the instances' processes
 * @param activate makes the version the one the instance will run
 * @param restart restarts the instance
 * @param stop stops the instance, before activate
 * @param start starts the instance, after activate
 * @param check exits 0 while the instance's process runs (ready or not), non-zero when it
 * does not
 * @param commandTimeout how long each command may run
 * @param checkInterval how often the runtime is asked whether a restarted instance still
 * runs while its verdict is awaited
 * @param supervisord where supervisord is and how the instance's program is named
 * @param systemd how the instance's unit is named and systemctl run
 */
public record RuntimeProperties(@DefaultValue("command") RuntimeKind kind, List<String> activate, List<String> restart,
		List<String> stop, List<String> start, List<String> check, @DefaultValue("60s") Duration commandTimeout,
		@DefaultValue("100ms") Duration checkInterval, @DefaultValue Supervisord supervisord,
		@DefaultValue Systemd systemd) {

	public RuntimeProperties {
		DeployerProperties.positive("runtime.command-timeout", commandTimeout);
		DeployerProperties.positive("runtime.check-interval", checkInterval);
		if (kind == RuntimeKind.COMMAND) {
			new ArgvTemplate(activate);
			if (!stopStart(stop, start) && absent(restart)) {
				throw new IllegalArgumentException("runtime needs a restart command, or both stop and start");
			}
			commands(activate, restart, stop, start);
			optional(check);
		}
		else {
			onlyForCommand("restart", restart, kind);
			onlyForCommand("stop", stop, kind);
			onlyForCommand("start", start, kind);
			onlyForCommand("check", check, kind);
			optional(activate);
		}
		if (kind == RuntimeKind.SUPERVISORD) {
			supervisord.validate();
		}
		if (kind == RuntimeKind.SYSTEMD) {
			systemd.validate();
		}
	}

	/**
	 * The runtime of one service.
	 * @param service the service
	 * @param workDirectory where the deployer keeps the pids of running commands
	 */
	InstanceRuntime runtime(ServiceName service, Path workDirectory) {
		return switch (this.kind) {
			case COMMAND -> new CommandRuntime(Map.of(service, commands()), workDirectory);
			case SUPERVISORD -> new SupervisordRuntime(
					SupervisorClient.of(this.supervisord.url(),
							Optional.ofNullable(this.supervisord.credentialsFile())),
					this.supervisord.program(), optional(this.activate), this.commandTimeout, workDirectory);
			case SYSTEMD -> new SystemdRuntime(this.systemd.systemctl(), this.systemd.unit(), optional(this.activate),
					this.commandTimeout, workDirectory);
		};
	}

	CommandRuntime.Commands commands() {
		List<ArgvTemplate> launch = new ArrayList<>();
		if (!absent(this.start)) {
			optional(this.activate).ifPresent(launch::add);
			launch.add(new ArgvTemplate(this.start));
		}
		return new CommandRuntime.Commands(commands(this.activate, this.restart, this.stop, this.start),
				optional(this.check), this.commandTimeout, launch,
				absent(this.stop) ? List.of() : List.of(new ArgvTemplate(this.stop)));
	}

	/**
	 * Whether the runtime can start new instances and stop old ones, as surge deploys do.
	 * @return false for a command runtime without both start and stop commands
	 */
	boolean surges() {
		return this.kind != RuntimeKind.COMMAND || stopStart(this.stop, this.start);
	}

	private static Optional<ArgvTemplate> optional(List<String> argv) {
		return absent(argv) ? Optional.empty() : Optional.of(new ArgvTemplate(argv));
	}

	private static boolean absent(List<String> argv) {
		return argv == null || argv.isEmpty();
	}

	private static boolean stopStart(List<String> stop, List<String> start) {
		return !absent(stop) && !absent(start);
	}

	private static void onlyForCommand(String property, List<String> argv, RuntimeKind kind) {
		if (!absent(argv)) {
			throw new IllegalArgumentException("runtime." + property + " is for runtime.kind=command, not "
					+ kind.name().toLowerCase(Locale.ROOT));
		}
	}

	private static List<ArgvTemplate> commands(List<String> activate, List<String> restart, List<String> stop,
			List<String> start) {
		List<ArgvTemplate> sequence = new ArrayList<>();
		if (stopStart(stop, start)) {
			sequence.add(new ArgvTemplate(stop));
		}
		sequence.add(new ArgvTemplate(activate));
		sequence.add(new ArgvTemplate(stopStart(stop, start) ? start : restart));
		return sequence;
	}

	/**
	 * Where supervisord is (under {@code runtime.supervisord.}).
	 *
	 * @param url {@code http://127.0.0.1:PORT} (its {@code inet_http_server}, loopback
	 * only) or {@code unix:///path/to/supervisor.sock}
	 * @param credentialsFile a file holding the Authorization header's value
	 * ({@code Basic
	 * ...}), when supervisord has a username and password
	 * @param program the instance's program, or its group of two programs
	 * {@code <program>-a} and {@code <program>-b}, a template
	 */
	public record Supervisord(String url, Path credentialsFile, @DefaultValue("{instanceId}") String program) {

		void validate() {
			if (this.url == null || this.url.isBlank()) {
				throw new IllegalArgumentException("runtime.supervisord.url is required for runtime.kind=supervisord");
			}
			try {
				SupervisorClient.check(this.url);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("runtime.supervisord.url " + ex.getMessage(), ex);
			}
			if (this.credentialsFile != null && !Files.isReadable(this.credentialsFile)) {
				throw new IllegalArgumentException(
						"runtime.supervisord.credentials-file " + this.credentialsFile + " cannot be read");
			}
			if (this.program.isBlank()) {
				throw new IllegalArgumentException("runtime.supervisord.program must not be blank");
			}
			new ArgvTemplate(List.of(this.program));
		}

	}

	/**
	 * How an instance's systemd unit is named and systemctl run (under
	 * {@code runtime.systemd.}).
	 *
	 * @param unit the instance's unit, a template
	 * @param systemctl the program and its leading arguments, as argv
	 * ({@code systemctl,--user})
	 */
	public record Systemd(@DefaultValue("{service}@{port}.service") String unit,
			@DefaultValue("systemctl") List<String> systemctl) {

		void validate() {
			if (this.unit.isBlank()) {
				throw new IllegalArgumentException("runtime.systemd.unit must not be blank");
			}
			new ArgvTemplate(List.of(this.unit));
			if (absent(this.systemctl) || this.systemctl.get(0).isBlank()) {
				throw new IllegalArgumentException("runtime.systemd.systemctl needs at least a program");
			}
		}

	}

}
