package dev.baton.cli;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Durations as people type and read them.
 */
class DurationsTests {

	@Test
	void readsShortFormsAndIso() {
		assertThat(Durations.parse("90s")).isEqualTo(Duration.ofSeconds(90));
		assertThat(Durations.parse("10m")).isEqualTo(Duration.ofMinutes(10));
		assertThat(Durations.parse("PT15M")).isEqualTo(Duration.ofMinutes(15));
		assertThatIllegalArgumentException().isThrownBy(() -> Durations.parse("ten minutes"))
			.withMessageContaining("not a duration");
	}

	@Test
	void writesTwoUnitsAtMostAndDropsAZeroSecondUnit() {
		assertThat(Durations.brief(Duration.ofMillis(40_900))).isEqualTo("40s");
		assertThat(Durations.brief(Duration.ofSeconds(125))).isEqualTo("2m05s");
		assertThat(Durations.brief(Duration.ofMinutes(10))).isEqualTo("10m");
		assertThat(Durations.brief(Duration.ofMinutes(62))).isEqualTo("1h02m");
		assertThat(Durations.brief(Duration.ofHours(76))).isEqualTo("3d04h");
	}

}
