package dev.baton.loadgen.live;

import java.util.Map;

/**
 * The long-lived clients' counters: connections by how they ended, messages by fate.
 *
 * @param open connections open now
 * @param opened connections that opened
 * @param failedToOpen attempts that never opened
 * @param closedByClient connections the clients closed (bounded lifetime, or stop)
 * @param closedByServer connections the server closed cleanly
 * @param errors connections that ended by a failure after opening (reset, cut, silent)
 * @param serverCloses the server's closes by kind and code or reason, such as
 * {@code websocket 1001} or {@code events going away}
 * @param sent WebSocket messages sent
 * @param received echoes and ticks received
 * @param unanswered WebSocket messages never echoed
 * @param bad echoes that did not match, and ticks out of sequence
 */
public record LongLivedSummary(long open, long opened, long failedToOpen, long closedByClient, long closedByServer,
		long errors, Map<String, Long> serverCloses, long sent, long received, long unanswered, long bad) {

	/**
	 * @return whether every connection opened, every message was answered as sent and
	 * none ended by a failure
	 */
	public boolean clean() {
		return this.failedToOpen == 0 && this.errors == 0 && this.unanswered == 0 && this.bad == 0;
	}

	@Override
	public String toString() {
		return String.format(
				"%d open, %d opened (%d failed to open): closed by client %d, by server %d %s, by error %d; "
						+ "messages sent %d, received %d, unanswered %d, bad %d",
				this.open, this.opened, this.failedToOpen, this.closedByClient, this.closedByServer, this.serverCloses,
				this.errors, this.sent, this.received, this.unanswered, this.bad);
	}

}
