package dev.baton.health.verdict;

import java.util.Objects;

import dev.baton.contracts.Version;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.health.probe.ProbeOutcome;

/**
 * Counts probes in a row the way load balancers do: {@code rise} successes make an
 * instance healthy, {@code fall} failures make it unhealthy, and nothing in between
 * changes the status. While healthy, a different reported version is a change on its own.
 */
public final class HealthCounter {

	private final int rise;

	private final int fall;

	private HealthStatus status;

	private Version version;

	private int successes;

	private int failures;

	public HealthCounter(int rise, int fall) {
		if (rise < 1 || fall < 1) {
			throw new IllegalArgumentException("rise and fall must be at least 1");
		}
		this.rise = rise;
		this.fall = fall;
	}

	/**
	 * Counts one outcome.
	 * @param outcome the probe's outcome
	 * @return whether the status or, while healthy, the version changed
	 */
	public boolean count(ProbeOutcome outcome) {
		if (outcome.success()) {
			this.successes++;
			this.failures = 0;
			Version previous = this.version;
			this.version = outcome.version();
			if (this.status != HealthStatus.HEALTHY) {
				return becomes(HealthStatus.HEALTHY, this.successes >= this.rise);
			}
			return !Objects.equals(previous, this.version);
		}
		this.failures++;
		this.successes = 0;
		this.version = null;
		return (this.status != HealthStatus.UNHEALTHY) && becomes(HealthStatus.UNHEALTHY, this.failures >= this.fall);
	}

	private boolean becomes(HealthStatus next, boolean reached) {
		if (reached) {
			this.status = next;
		}
		return reached;
	}

	/**
	 * Forgets the status and the counts: the instance was restarted, so what was known
	 * about it no longer holds.
	 */
	public void forget() {
		this.status = null;
		this.version = null;
		this.successes = 0;
		this.failures = 0;
	}

	/**
	 * Declares the instance unhealthy whatever the counts say, when it did not become
	 * healthy in time.
	 */
	public void giveUp() {
		this.status = HealthStatus.UNHEALTHY;
	}

	public boolean risen() {
		return this.successes >= this.rise;
	}

	/**
	 * The current status.
	 * @return the status, or {@code null} before the first verdict
	 */
	public HealthStatus status() {
		return this.status;
	}

	/**
	 * The version the last probe reported.
	 * @return the version, or {@code null} when the last probe failed or named none
	 */
	public Version version() {
		return this.version;
	}

	public int successes() {
		return this.successes;
	}

	public int failures() {
		return this.failures;
	}

}
