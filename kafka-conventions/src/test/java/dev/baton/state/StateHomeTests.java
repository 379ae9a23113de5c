package dev.baton.state;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StateHomeTests {

	@Test
	void rootKeepsItsStateInVarLib() {
		assertThat(StateHome.of(true, "/home/ops/.state", "/root")).isEqualTo(Path.of("/var/lib/baton"));
	}

	@Test
	void anyOtherUserKeepsItsStateInItsXdgStateDirectory() {
		assertThat(StateHome.of(false, "/home/ops/.state", "/home/ops")).isEqualTo(Path.of("/home/ops/.state/baton"));
		assertThat(StateHome.of(false, null, "/home/ops")).isEqualTo(Path.of("/home/ops/.local/state/baton"));
	}

	@Test
	void relativeXdgStateHomeIsIgnoredAsTheSpecificationSays() {
		assertThat(StateHome.of(false, "state", "/home/ops")).isEqualTo(Path.of("/home/ops/.local/state/baton"));
	}

}
