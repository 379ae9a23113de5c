package dev.baton.console.config;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The console's settings.
 *
 * @param registryUrl the registry's admin API, where operators' decisions go
 * @param registryToken the registry's admin token: operators log in with it, and the
 * console passes their decisions on with it. Give it in a file readable by its owner only
 * ({@code spring.config.import}), never on a command line
 * @param recentDeploys how many finished deploys the page lists
 */
@ConfigurationProperties("baton.console")
public record ConsoleProperties(@DefaultValue("http://127.0.0.1:7101") URI registryUrl, String registryToken,
		@DefaultValue("20") int recentDeploys) {

	/** As short as the registry lets its own token be. */
	static final int MIN_TOKEN_LENGTH = 16;

	public ConsoleProperties {
		if (registryToken == null || registryToken.isBlank()) {
			throw new IllegalArgumentException("baton.console.registry-token must be set: the console has no default"
					+ " token (operators log in with the registry's admin token)");
		}
		if (registryToken.length() < MIN_TOKEN_LENGTH) {
			throw new IllegalArgumentException(
					"baton.console.registry-token must be at least " + MIN_TOKEN_LENGTH + " characters");
		}
		if (!"http".equals(registryUrl.getScheme()) && !"https".equals(registryUrl.getScheme())
				|| registryUrl.getHost() == null) {
			throw new IllegalArgumentException("baton.console.registry-url must be an http(s) URL, got " + registryUrl);
		}
		if (recentDeploys < 1) {
			throw new IllegalArgumentException("baton.console.recent-deploys must be at least 1, got " + recentDeploys);
		}
	}

	/** The token stays out of logs and error messages. */
	@Override
	public String toString() {
		return "ConsoleProperties[registryUrl=" + this.registryUrl + ", registryToken=(set), recentDeploys="
				+ this.recentDeploys + "]";
	}

}
