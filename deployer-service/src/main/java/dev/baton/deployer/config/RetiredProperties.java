package dev.baton.deployer.config;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

/**
 * Properties a release of the deployer renamed. Binding ignores a name it does not know,
 * so an old name left in a configuration would silently lose its setting (a drain policy
 * of {@code proceed} becoming {@code fail}); set, it stops start-up naming the property
 * that replaced it.
 */
final class RetiredProperties {

	private static final Pattern SERVICE_PROPERTY = Pattern.compile("baton\\.deployer\\.services\\.([^.]+)\\.(.+)");

	private static final Map<String, String> RENAMED = Map.of("drain-timeout", "drain.timeout", "drain-timeout-fatal",
			"drain.on-timeout (fail or proceed)", "draintimeout", "drain.timeout", "draintimeoutfatal",
			"drain.on-timeout (fail or proceed)");

	private RetiredProperties() {
	}

	/**
	 * @param environment the deployer's configuration
	 * @throws IllegalArgumentException naming the first retired property set, and its
	 * replacement
	 */
	static void refuse(ConfigurableEnvironment environment) {
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (source instanceof EnumerablePropertySource<?> enumerable) {
				for (String name : enumerable.getPropertyNames()) {
					refuse(name);
				}
			}
		}
	}

	private static void refuse(String name) {
		Matcher matcher = SERVICE_PROPERTY.matcher(name.toLowerCase(Locale.ROOT));
		if (!matcher.matches()) {
			return;
		}
		String replacement = RENAMED.get(matcher.group(2));
		if (replacement != null) {
			throw new IllegalArgumentException(name + " is no longer read: set baton.deployer.services."
					+ matcher.group(1) + "." + replacement + " instead");
		}
	}

}
