package dev.baton.deployer.canary;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.deploy.CanaryShare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class CanaryWeightTests {

	@Test
	void tenPercentForOneCanaryBesideTwoFullPeersIsWeight22() {
		CanaryShare share = CanaryWeight.of(10, 1, 2);

		// 100 * 0.1 * 2 / (0.9 * 1) = 22.2
		assertThat(share.weight()).isEqualTo(22);
		assertThat(CanaryWeight.effectivePercent(share)).isCloseTo(9.9, within(0.05));
	}

	@Test
	void oneCanaryBesideOneFullPeerAtTenPercentIsWeight11() {
		// a rolling deploy of two instances, max-unavailable 1
		assertThat(CanaryWeight.of(10, 1, 1).weight()).isEqualTo(11);
	}

	@Test
	void aShareThatWouldNeedMoreThanAFullPeersWeightGetsAFullPeersWeight() {
		CanaryShare share = CanaryWeight.of(50, 1, 3);

		assertThat(share.weight()).isEqualTo(100);
		assertThat(CanaryWeight.effectivePercent(share)).isCloseTo(25, within(0.01));
	}

	@Test
	void aShareThatWouldNeedLessThanWeightOneGetsWeightOne() {
		assertThat(CanaryWeight.of(1, 10, 5).weight()).isEqualTo(1);
	}

	@Test
	void aCanaryNeedsAFullPeerBesideIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> CanaryWeight.of(10, 2, 0))
			.withMessageContaining("at least one canary peer and one full peer");
	}

}
