package dev.baton.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AclBinding;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Prints, or creates, the ACLs that give each of Baton's roles what the design gives it
 * and nothing more. Creating needs a principal the broker lets alter ACLs; creating an
 * ACL that exists changes nothing, so the command can run at every start.
 */
@Command(name = "acls",
		description = { "Print the Kafka ACLs of Baton's roles, or create them with --apply.",
				"Roles: registry, health, nginx-control, deployer (the services), app (apps and scalers: "
						+ "registrations only), ci (deploy requests only), operator (the CLI's user). "
						+ "A role's principal is User:baton-ROLE unless --principal names another." })
class AclsCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Option(names = "--principal", paramLabel = "ROLE=PRINCIPAL",
			description = "the principal of a role, such as app=User:orders (repeatable)")
	private Map<String, String> principals = Map.of();

	@Option(names = "--apply", description = "create the ACLs on the broker (needs the right to alter ACLs)")
	private boolean apply;

	@Option(names = "--scram-passwords", paramLabel = "DIR",
			description = "with --apply: also set the SCRAM-SHA-512 credential of each role whose password is in "
					+ "DIR/ROLE.password (a file, so that no password is on a command line)")
	private Path passwords;

	@Override
	public Integer call() throws InterruptedException {
		Map<AccessPolicy.Role, String> named = new EnumMap<>(AccessPolicy.Role.class);
		this.principals.forEach((role, principal) -> {
			if (!principal.matches("[A-Za-z]+:.+")) {
				throw new IllegalArgumentException(
						"--principal " + role + "=" + principal + ": a principal is TYPE:NAME, such as User:orders");
			}
			named.put(AccessPolicy.Role.of(role), principal);
		});
		AccessPolicy policy = new AccessPolicy(this.connection.topic(""), named);
		List<AclBinding> bindings = policy.bindings();
		PrintWriter out = this.spec.commandLine().getOut();
		for (AclBinding binding : bindings) {
			out.printf("%-28s %-8s %s %s %s%n", binding.entry().principal(), binding.entry().operation(),
					binding.pattern().resourceType().name().toLowerCase(Locale.ROOT),
					binding.pattern().patternType().name().toLowerCase(Locale.ROOT), binding.pattern().name());
		}
		if (!this.apply) {
			return ExitCode.OK;
		}
		List<UserScramCredentialAlteration> credentials = credentials(policy);
		BrokerProbe.reach(this.connection);
		try (Admin admin = Admin.create(this.connection.kafka())) {
			if (!credentials.isEmpty()) {
				admin.alterUserScramCredentials(credentials).all().get(30, TimeUnit.SECONDS);
			}
			admin.createAcls(bindings).all().get(30, TimeUnit.SECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("could not create the ACLs at " + this.connection.bootstrapServers() + ": "
					+ ((ex.getCause() != null) ? ex.getCause().getMessage() : ex.getMessage()), ex);
		}
		out.printf("%d ACLs in place, %d SCRAM credentials set%n", bindings.size(), credentials.size());
		return ExitCode.OK;
	}

	private List<UserScramCredentialAlteration> credentials(AccessPolicy policy) {
		List<UserScramCredentialAlteration> credentials = new ArrayList<>();
		if (this.passwords == null) {
			return credentials;
		}
		for (AccessPolicy.Role role : AccessPolicy.Role.values()) {
			Path file = this.passwords.resolve(role.label() + ".password");
			if (!Files.isReadable(file)) {
				continue;
			}
			String principal = policy.principal(role);
			if (!principal.startsWith("User:")) {
				throw new IllegalArgumentException(
						file + ": only a User principal has a SCRAM credential, not " + principal);
			}
			String password;
			try {
				password = Files.readString(file).strip();
			}
			catch (IOException ex) {
				throw new IllegalArgumentException("cannot read " + file + ": " + ex.getMessage(), ex);
			}
			if (password.isEmpty()) {
				throw new IllegalArgumentException(file + " is empty");
			}
			credentials.add(new UserScramCredentialUpsertion(principal.substring("User:".length()),
					new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 8192), password));
		}
		return credentials;
	}

}
