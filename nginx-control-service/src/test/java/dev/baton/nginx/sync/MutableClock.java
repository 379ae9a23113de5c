package dev.baton.nginx.sync;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import dev.baton.clock.Ticker;

/**
 * A clock a test moves by hand, so time-based rules are checked without waiting; the same
 * hand moves the wall clock and the monotonic one.
 */
public final class MutableClock extends Clock implements Ticker {

	private volatile Instant now;

	public MutableClock(Instant start) {
		this.now = start;
	}

	public void advance(Duration duration) {
		this.now = this.now.plus(duration);
	}

	@Override
	public Instant instant() {
		return this.now;
	}

	@Override
	public long nanos() {
		return this.now.getEpochSecond() * 1_000_000_000L + this.now.getNano();
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		return this;
	}

}
