package dev.baton.nginx.dataplane;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.baton.contracts.Endpoint;

/**
 * Every peer's statistics of one upstream as nginx holds them, and the epoch of that
 * nginx: counters from an earlier epoch (another nginx, which started from zero) cannot
 * be subtracted from these.
 *
 * @param epoch the epoch of the nginx that counted
 * @param peers the counters of every peer in the set
 */
public record UpstreamCounters(String epoch, Map<Endpoint, PeerCounters> peers) {

	public UpstreamCounters {
		peers = Map.copyOf(peers);
	}

	/**
	 * Reads the control endpoint's answer: {@code epoch E}, then
	 * {@code host:port requests server-errors connect-failures bucket…} per peer.
	 * @param body the answer
	 * @return the counters
	 */
	static UpstreamCounters parse(String body) {
		String[] lines = body.split("\n");
		if (lines.length == 0 || !lines[0].startsWith("epoch ")) {
			throw new ControlRefusedException("unexpected statistics answer: " + body);
		}
		Map<Endpoint, PeerCounters> peers = new LinkedHashMap<>();
		for (int i = 1; i < lines.length; i++) {
			if (!lines[i].isBlank()) {
				String[] fields = lines[i].trim().split(" ");
				peers.put(ControlClient.endpoint(fields[0]),
						PeerCounters.parse(Arrays.asList(fields).subList(1, fields.length)));
			}
		}
		return new UpstreamCounters(lines[0].substring("epoch ".length()).trim(), peers);
	}

}
