package dev.baton.kafka;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.DefaultPropertiesPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Nests every service's logging context under {@code baton} in structured logs
 * ({@code logging.structured.format.console=ecs|logstash}). The services name their work
 * with keys such as {@code service}, and ECS has a {@code service} object of its own:
 * Boot drops a line whose context repeats a name the format already wrote. A default, so
 * a service's own configuration still wins.
 */
public class StructuredLogDefaults implements EnvironmentPostProcessor {

	static final String CONTEXT_PREFIX = "logging.structured.json.context.prefix";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		DefaultPropertiesPropertySource.addOrMerge(Map.of(CONTEXT_PREFIX, "baton"), environment.getPropertySources());
	}

}
