package dev.baton.nginx.config;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NginxControlStateHomeTests {

	@Test
	void rootKeepsItsStateInVarLib() {
		assertThat(NginxControlStateHome.of(true, "/home/ops/.state", "/root")).isEqualTo(Path.of("/var/lib/baton"));
	}

	@Test
	void anyOtherUserKeepsItsStateInItsXdgStateDirectory() {
		assertThat(NginxControlStateHome.of(false, "/home/ops/.state", "/home/ops"))
			.isEqualTo(Path.of("/home/ops/.state/baton"));
		assertThat(NginxControlStateHome.of(false, null, "/home/ops"))
			.isEqualTo(Path.of("/home/ops/.local/state/baton"));
	}

	@Test
	void relativeXdgStateHomeIsIgnoredAsTheSpecificationSays() {
		assertThat(NginxControlStateHome.of(false, "state", "/home/ops"))
			.isEqualTo(Path.of("/home/ops/.local/state/baton"));
	}

}
