package dev.baton.contracts.nginx;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a closing {@link SetPeerGate} gives every node to see its peer reach zero in
 * flight, and what the writer will do with whatever is still open then (requests, and
 * WebSockets, event streams and long polls, which count as in flight until they close).
 * Each node times it on its own monotonic clock from when it applied the command, so no
 * two clocks are compared; it answers {@link PeerDrained}, or {@link PeerDrainTimedOut}
 * with the count left. The node does not act on the policy: it is the writer's decision,
 * carried here so that the record says what was decided.
 *
 * @param timeoutMillis how long the drain may take, in milliseconds
 * @param onTimeout what the writer does with connections still open at the deadline
 * @param standby whether the peer stands by while it drains: nginx turns to it when no
 * peer in rotation is left (one that was serving died meanwhile), and the drain ends only
 * once no request needed it for a second. The writer asks for it when it means to keep
 * instances serving (a deploy's min-healthy above 0); false when absent
 */
public record DrainDeadline(long timeoutMillis, OnTimeout onTimeout, Boolean standby) {

	/** What a closing command without a deadline gets (one written before deadlines). */
	public static final DrainDeadline DEFAULT = new DrainDeadline(30_000, OnTimeout.FAIL);

	public DrainDeadline {
		if (timeoutMillis < 1) {
			throw new IllegalArgumentException("timeoutMillis must be positive, got " + timeoutMillis);
		}
		Objects.requireNonNull(onTimeout, "onTimeout is required");
		standby = Boolean.TRUE.equals(standby);
	}

	/** A deadline whose peer does not stand by. */
	public DrainDeadline(long timeoutMillis, OnTimeout onTimeout) {
		this(timeoutMillis, onTimeout, false);
	}

	public static DrainDeadline of(Duration timeout, OnTimeout onTimeout) {
		return of(timeout, onTimeout, false);
	}

	public static DrainDeadline of(Duration timeout, OnTimeout onTimeout, boolean standby) {
		return new DrainDeadline(timeout.toMillis(), onTimeout, standby);
	}

	public Duration timeout() {
		return Duration.ofMillis(this.timeoutMillis);
	}

	/** What the writer does when connections are still open at the deadline. */
	public enum OnTimeout {

		/**
		 * Nothing is restarted: the gate is opened again and the deploy fails naming the
		 * node and how many connections were open.
		 */
		FAIL,

		/**
		 * The instance is restarted all the same: it gets SIGTERM with its connections
		 * open, and closing them (clients reconnect to another instance) is the app's
		 * duty.
		 */
		PROCEED

	}

}
