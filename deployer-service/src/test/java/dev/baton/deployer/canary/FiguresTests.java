package dev.baton.deployer.canary;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.nginx.Figures;
import dev.baton.contracts.nginx.PeerTally;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FiguresTests {

	@Test
	void tallyingAddsCountsAndBucketsOfEveryNodeAndInterval() {
		Figures figures = Figures.NONE.plus(Tallies.tally(9001, 100, 5, 2)).plus(Tallies.tally(9001, 50, 0, 3));

		assertThat(figures.requests()).isEqualTo(150);
		assertThat(figures.serverErrors()).isEqualTo(5);
		assertThat(figures.buckets().get(2)).isEqualTo(100);
		assertThat(figures.buckets().get(3)).isEqualTo(50);
		assertThat(figures.errorPercent()).isCloseTo(3.33, within(0.01));
	}

	@Test
	void connectFailuresCountAsFailedAttempts() {
		Figures figures = Figures.NONE.plus(new PeerTally("127.0.0.1", 9001, 90, 0, 10, List.of()));

		assertThat(figures.attempts()).isEqualTo(100);
		assertThat(figures.errorPercent()).isEqualTo(10.0);
	}

	@Test
	void theP99IsInterpolatedWithinItsBucketAsAHistogramGivesIt() {
		// 90 requests under 5 ms, 10 between 50 and 100 ms: the 99th is nine tenths into
		// the 50-100 bucket
		Figures figures = Figures.NONE.plus(Tallies.tally(9001, 90, 0, 0)).plus(Tallies.tally(9001, 10, 0, 4));

		assertThat(figures.p99Millis()).isCloseTo(95.0, within(0.001));
		assertThat(figures.toPeerFigures().p99Millis()).isEqualTo(95);
	}

	@Test
	void requestsSlowerThanEveryBoundGiveTheLargestBound() {
		assertThat(Tallies.figures(10, 0, 10).p99Millis()).isEqualTo(5000.0);
		assertThat(Figures.NONE.p99Millis()).isZero();
	}

}
