package dev.baton.deployer.config;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DeployerStateHomeTests {

	@Test
	void rootKeepsItsStateInVarLib() {
		assertThat(DeployerStateHome.of(true, "/home/ops/.state", "/root")).isEqualTo(Path.of("/var/lib/baton"));
	}

	@Test
	void anyOtherUserKeepsItsStateInItsXdgStateDirectory() {
		assertThat(DeployerStateHome.of(false, "/home/ops/.state", "/home/ops"))
			.isEqualTo(Path.of("/home/ops/.state/baton"));
		assertThat(DeployerStateHome.of(false, null, "/home/ops")).isEqualTo(Path.of("/home/ops/.local/state/baton"));
	}

	@Test
	void relativeXdgStateHomeIsIgnoredAsTheSpecificationSays() {
		assertThat(DeployerStateHome.of(false, "state", "/home/ops"))
			.isEqualTo(Path.of("/home/ops/.local/state/baton"));
	}

}
