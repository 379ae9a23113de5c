package dev.baton.demo.soak.check;

import java.util.Arrays;
import java.util.List;

/**
 * One line of nginx's access log in Baton's {@code baton_timing} format:
 * {@code $msec $request_time $status $request_method $request_uri "$upstream_addr"
 * "$upstream_status" $http_x_request_id $connection}.
 *
 * @param startedAt when nginx read the request, milliseconds since the epoch
 * @param endedAt when it logged it
 * @param status what it answered
 * @param peers every peer it tried, in order (more than one when it retried)
 * @param id the client's request id, {@code -} when it sent none
 */
record ProxiedRequest(long startedAt, long endedAt, int status, List<String> peers, String id) {

	static ProxiedRequest parse(String line) {
		String[] quoted = line.split("\"");
		if (quoted.length < 5) {
			throw new IllegalArgumentException("not an access log line in the baton_timing format: " + line);
		}
		String[] head = quoted[0].trim().split(" ");
		String[] tail = quoted[4].trim().split(" ");
		long ended = Math.round(Double.parseDouble(head[0]) * 1000);
		long took = Math.round(Double.parseDouble(head[1]) * 1000);
		List<String> peers = Arrays.stream(quoted[1].split("[,:]\\s|\\s:\\s"))
			.map(String::trim)
			.filter((peer) -> !peer.isEmpty() && !peer.equals("-"))
			.toList();
		return new ProxiedRequest(ended - took, ended, Integer.parseInt(head[2]), peers, tail[0]);
	}

	boolean reached(String peer) {
		return this.peers.contains(peer);
	}

}
