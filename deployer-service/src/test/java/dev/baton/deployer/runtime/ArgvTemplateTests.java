package dev.baton.deployer.runtime;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ArgvTemplateTests {

	@Test
	void fillsPlaceholdersInsideEachArgumentWithoutSplittingIt() {
		ArgvTemplate template = new ArgvTemplate(List.of("ssh", "{host}", "deploy {service}@{port} --to={version}"));

		assertThat(template.fill(Map.of("host", "10.0.0.5", "service", "orders", "port", "8081", "version", "v2 x")))
			.containsExactly("ssh", "10.0.0.5", "deploy orders@8081 --to=v2 x");
	}

	@Test
	void refusesAnUnknownPlaceholder() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ArgvTemplate(List.of("restart", "{command}")))
			.withMessageContaining("unknown placeholder {command}");
	}

	@Test
	void refusesAnEmptyCommand() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ArgvTemplate(List.of()));
	}

}
