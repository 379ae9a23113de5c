package dev.baton.deployer.runtime;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.baton.contracts.ServiceName;
import dev.baton.contracts.Version;
import dev.baton.deployer.rollout.plan.DeployTarget;

/**
 * One command line as configured ({@code ["supervisorctl", "restart", "{instanceId}"]}):
 * each argument is filled on its own, so a value can never split into two arguments or
 * reach a shell. Only the known placeholders are allowed.
 */
public final class ArgvTemplate {

	/** The placeholders a template may use. */
	public static final Set<String> PLACEHOLDERS = Set.of("service", "instanceId", "host", "port", "version");

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

	private final List<String> arguments;

	/**
	 * Checks a template.
	 * @param arguments the program and its arguments
	 * @throws IllegalArgumentException when it is empty or uses an unknown placeholder
	 */
	public ArgvTemplate(List<String> arguments) {
		if (arguments == null || arguments.isEmpty() || arguments.get(0).isBlank()) {
			throw new IllegalArgumentException("a command needs at least a program");
		}
		for (String argument : arguments) {
			Matcher matcher = PLACEHOLDER.matcher(argument);
			while (matcher.find()) {
				if (!PLACEHOLDERS.contains(matcher.group(1))) {
					throw new IllegalArgumentException("unknown placeholder {" + matcher.group(1) + "} in " + arguments
							+ "; known are " + PLACEHOLDERS);
				}
			}
		}
		this.arguments = List.copyOf(arguments);
	}

	/**
	 * The argv for one instance.
	 * @param values the placeholder values, by name
	 * @return the arguments, as many as the template has
	 */
	public List<String> fill(Map<String, String> values) {
		return this.arguments.stream()
			.map((argument) -> PLACEHOLDER.matcher(argument)
				.replaceAll((match) -> Matcher.quoteReplacement(values.get(match.group(1)))))
			.toList();
	}

	/** The placeholder values for one instance: validated values only. */
	static Map<String, String> values(ServiceName service, DeployTarget target, Version version) {
		return Map.of("service", service.value(), "instanceId", target.instanceId().value(), "host",
				target.endpoint().host(), "port", String.valueOf(target.endpoint().port()), "version", version.value());
	}

	@Override
	public String toString() {
		return this.arguments.toString();
	}

}
