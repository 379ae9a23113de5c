package dev.baton.nginx.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.nginx.PeerTally;
import dev.baton.nginx.dataplane.PeerCounters;
import dev.baton.nginx.dataplane.UpstreamCounters;

import static org.assertj.core.api.Assertions.assertThat;

class IntervalTalliesTests {

	private static final Endpoint A = new Endpoint("127.0.0.1", 9001);

	private static final Endpoint B = new Endpoint("127.0.0.1", 9002);

	private static final Instant T0 = Instant.parse("2026-01-01T10:00:00Z");

	private final IntervalTallies tallies = new IntervalTallies();

	@Test
	void theFirstReadingIsOnlyWhereTheNextIntervalStarts() {
		assertThat(this.tallies.next(reading("e1", Map.of(A, counters(10, 1, 0))), T0)).isEmpty();
	}

	@Test
	void anIntervalHoldsWhatWasCountedSinceThePreviousReadingForEveryPeerWithTriesInIt() {
		this.tallies.next(reading("e1", Map.of(A, counters(10, 1, 0), B, counters(5, 0, 0))), T0);

		Interval interval = this.tallies
			.next(reading("e1", Map.of(A, counters(30, 4, 0), B, counters(5, 0, 2))), T0.plusSeconds(1))
			.orElseThrow();

		assertThat(interval.from()).isEqualTo(T0);
		assertThat(interval.to()).isEqualTo(T0.plusSeconds(1));
		assertThat(interval.tallies()).containsExactlyInAnyOrder(tally(A, 20, 3, 0), tally(B, 0, 0, 2));
	}

	@Test
	void aPeerWithNothingInTheIntervalIsLeftOut() {
		this.tallies.next(reading("e1", Map.of(A, counters(10, 1, 0))), T0);

		assertThat(this.tallies.next(reading("e1", Map.of(A, counters(10, 1, 0))), T0.plusSeconds(1))
			.orElseThrow()
			.tallies()).isEmpty();
	}

	@Test
	void countersOfANewEpochCountFromZero() {
		this.tallies.next(reading("e1", Map.of(A, counters(100, 10, 0))), T0);

		assertThat(this.tallies.next(reading("e2", Map.of(A, counters(150, 12, 0))), T0.plusSeconds(1))
			.orElseThrow()
			.tallies()).containsExactly(tally(A, 150, 12, 0));
	}

	@Test
	void aPeerWhoseCountersWentDownLeftTheSetAndCameBackAndCountsFromZero() {
		this.tallies.next(reading("e1", Map.of(A, counters(100, 10, 0))), T0);

		assertThat(this.tallies.next(reading("e1", Map.of(A, counters(7, 1, 0))), T0.plusSeconds(1))
			.orElseThrow()
			.tallies()).containsExactly(tally(A, 7, 1, 0));
	}

	@Test
	void serverErrorsSeenBeforeTheirRequestsWaitForTheIntervalThatSeesThem() {
		this.tallies.next(reading("e1", Map.of(A, counters(10, 0, 0))), T0);

		Interval early = this.tallies.next(reading("e1", Map.of(A, counters(11, 3, 0))), T0.plusSeconds(1))
			.orElseThrow();
		Interval late = this.tallies.next(reading("e1", Map.of(A, counters(13, 3, 0))), T0.plusSeconds(2))
			.orElseThrow();

		assertThat(early.tallies()).containsExactly(tally(A, 1, 1, 0));
		assertThat(late.tallies()).containsExactly(tally(A, 2, 2, 0));
	}

	private static UpstreamCounters reading(String epoch, Map<Endpoint, PeerCounters> peers) {
		return new UpstreamCounters(epoch, peers);
	}

	/** Every request in the first latency bucket. */
	private static PeerCounters counters(long requests, long serverErrors, long connectFailures) {
		return new PeerCounters(requests, serverErrors, connectFailures, buckets(requests));
	}

	private static PeerTally tally(Endpoint peer, long requests, long serverErrors, long connectFailures) {
		return new PeerTally(peer.host(), peer.port(), requests, serverErrors, connectFailures, buckets(requests));
	}

	private static List<Long> buckets(long first) {
		List<Long> buckets = new ArrayList<>(Collections.nCopies(PeerCounters.BUCKETS, 0L));
		buckets.set(0, first);
		return buckets;
	}

}
