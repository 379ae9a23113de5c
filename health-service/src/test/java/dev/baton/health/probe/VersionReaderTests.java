package dev.baton.health.probe;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Version;

import static org.assertj.core.api.Assertions.assertThat;

class VersionReaderTests {

	private static final Pattern OK_PATTERN = Pattern.compile("(?i)^\\s*ok\\s+(?<version>[A-Za-z0-9][A-Za-z0-9._-]*)");

	private final VersionReader reader = new VersionReader(JsonMapper.builder().build());

	private final ProbeSettings defaults = settings("version", OK_PATTERN);

	@Test
	void readsTopLevelJsonField() {
		assertThat(read("{\"status\":\"UP\",\"version\":\"v2\"}", this.defaults)).isEqualTo(Version.of("v2"));
	}

	@Test
	void readsActuatorBuildVersion() {
		assertThat(read("{\"build\":{\"version\":\"2.1.0\",\"name\":\"orders\"}}", this.defaults))
			.isEqualTo(Version.of("2.1.0"));
	}

	@Test
	void readsVersionNestedInActuatorComponents() {
		String body = "{\"status\":\"UP\",\"components\":{\"db\":{\"status\":\"UP\"},"
				+ "\"app\":{\"status\":\"UP\",\"details\":{\"version\":\"v7\"}}}}";
		assertThat(read(body, this.defaults)).isEqualTo(Version.of("v7"));
	}

	@Test
	void readsConfiguredDottedField() {
		assertThat(read("{\"release\":{\"tag\":\"r42\"},\"version\":\"ignored\"}", settings("release.tag", OK_PATTERN)))
			.isEqualTo(Version.of("r42"));
	}

	@Test
	void readsNumericVersion() {
		assertThat(read("{\"version\":3}", this.defaults)).isEqualTo(Version.of("3"));
	}

	@Test
	void readsTextBodyThroughDefaultPattern() {
		assertThat(read("ok v2\n", this.defaults)).isEqualTo(Version.of("v2"));
		assertThat(read("OK 1.4.2", this.defaults)).isEqualTo(Version.of("1.4.2"));
	}

	@Test
	void readsTextBodyThroughPatternWithPlainGroup() {
		assertThat(read("healthy; release=b17", settings("version", Pattern.compile("release=(\\S+)"))))
			.isEqualTo(Version.of("b17"));
	}

	@Test
	void reportsNoVersionWhenBodyNamesNone() {
		assertThat(read("{\"status\":\"UP\"}", this.defaults)).isNull();
		assertThat(read("alive", this.defaults)).isNull();
		assertThat(read("", this.defaults)).isNull();
	}

	@Test
	void reportsNoVersionForMalformedJsonOrInvalidVersion() {
		assertThat(read("{\"version\":", this.defaults)).isNull();
		assertThat(read("{\"version\":\"v2; rm -rf /\"}", this.defaults)).isNull();
		assertThat(read("{\"version\":{\"major\":1}}", this.defaults)).isNull();
	}

	private Version read(String body, ProbeSettings settings) {
		return this.reader.read(body.getBytes(StandardCharsets.UTF_8), settings);
	}

	static ProbeSettings settings(String field, Pattern pattern) {
		return new ProbeSettings(Duration.ofSeconds(1), Duration.ofMillis(500), 2, 2, Duration.ofMillis(100), field,
				pattern);
	}

}
