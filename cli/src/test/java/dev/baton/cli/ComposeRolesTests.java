package dev.baton.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.baton.cli.AccessPolicy.Role;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml and the script that writes its secret files give every role
 * {@code baton acls} knows a credential, and each of the stack's Kafka clients its own
 * role's: a role added to the policy and not there would have a principal that cannot log
 * in to the compose stack, and a service given another role's file would write as that
 * role.
 */
class ComposeRolesTests {

	private static final Path ROOT = Path.of("..");

	/** The role each Kafka client of the compose stack logs in as. */
	private static final Map<String, Role> CLIENTS = Map.of("registry-service", Role.REGISTRY, "health-service",
			Role.HEALTH, "nginx-control-service", Role.NGINX_CONTROL, "deployer-service", Role.DEPLOYER, "console",
			Role.CONSOLE, "sample-apps", Role.APP, "cli", Role.OPERATOR);

	@Test
	void kafkaAclsSetsTheCredentialOfEveryRole() {
		List<String> secrets = secretsOf("kafka-acls");
		for (Role role : Role.values()) {
			assertThat(secrets).contains(role.label() + ".password");
		}
	}

	@Test
	void secretsScriptWritesAPasswordForEveryRoleAsItsDefaultPrincipal() throws IOException {
		String script = Files.readString(ROOT.resolve("docker/compose-secrets.sh"));
		List<String> roles = new ArrayList<>(words(script, "services"));
		roles.addAll(words(script, "roles"));
		roles.remove("\"${services[@]}\"");
		assertThat(roles)
			.containsExactlyInAnyOrder(Arrays.stream(Role.values()).map(Role::label).toArray(String[]::new));
		assertThat(script).contains("username=\"baton-%s\"");
	}

	@Test
	void eachClientGetsOnlyItsOwnRolesSettings() throws IOException {
		List<String> withSettings = words(Files.readString(ROOT.resolve("docker/compose-secrets.sh")), "services");
		CLIENTS.forEach((service, role) -> {
			List<String> settings = secretsOf(service).stream()
				.filter((secret) -> secret.endsWith(".properties"))
				.toList();
			assertThat(settings).as(service)
				.containsExactly(role.label() + ((role == Role.OPERATOR) ? ".cli.properties" : ".properties"));
			if (role != Role.OPERATOR) {
				assertThat(withSettings).as(service).contains(role.label());
			}
		});
	}

	/** The secrets a service of docker-compose.yml lists, by the file's own layout. */
	private static List<String> secretsOf(String service) {
		List<String> lines;
		try {
			lines = Files.readAllLines(ROOT.resolve("docker-compose.yml"));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		int start = lines.indexOf("  " + service + ":");
		assertThat(start).as("service " + service).isNotNegative();
		List<String> secrets = new ArrayList<>();
		boolean inSecrets = false;
		for (String line : lines.subList(start + 1, lines.size())) {
			if (!line.isEmpty() && !line.startsWith("   ")) {
				break;
			}
			if (line.startsWith("    ") && !line.startsWith("     ")) {
				inSecrets = line.equals("    secrets:");
			}
			else if (inSecrets && line.startsWith("      - ")) {
				secrets.add(line.substring("      - ".length()).strip());
			}
		}
		return secrets;
	}

	/** The words of a bash array assignment such as {@code name=(a b c)}. */
	private static List<String> words(String script, String name) {
		Matcher matcher = Pattern.compile("(?m)^" + name + "=\\(([^)]*)\\)").matcher(script);
		assertThat(matcher.find()).as(name + "=(...)").isTrue();
		return List.of(matcher.group(1).trim().split("\\s+"));
	}

}
