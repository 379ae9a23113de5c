package dev.baton.nginx.sync;

import java.time.Duration;
import java.time.Instant;

import dev.baton.clock.Ticker;
import dev.baton.contracts.CommandId;
import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * A closing command waiting for its peer's in-flight count to reach 0, for at most the
 * command's own drain timeout, timed on this node's monotonic clock.
 *
 * @param commandId the command answered
 * @param service the upstream
 * @param endpoint the peer
 * @param appliedAt when nginx stopped choosing the peer, for the record
 * @param appliedNanos the same moment on the node's {@link Ticker}, which times the drain
 * @param timeout how long the drain may take, from the command
 */
record Drain(CommandId commandId, ServiceName service, Endpoint endpoint, Instant appliedAt, long appliedNanos,
		Duration timeout) {

	/** How long the drain has taken by a reading of the same ticker. */
	Duration waited(long nowNanos) {
		return Duration.ofNanos(nowNanos - this.appliedNanos);
	}

	/** How long it may still take; negative once its time ran out. */
	Duration left(long nowNanos) {
		return this.timeout.minus(waited(nowNanos));
	}

}
