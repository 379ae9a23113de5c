package dev.baton.nginx.dataplane;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.PeerSet;
import dev.baton.nginx.peers.PeerState;

/**
 * An upstream as nginx holds it: the version of its peer set, the peers with the slow
 * start they ramp by, and their in-flight counts.
 *
 * @param version bumped by nginx on every change of the set
 * @param peers the set, with its slow start
 * @param inFlight requests in flight per peer
 */
public record ActualPeers(long version, PeerSet peers, Map<Endpoint, Long> inFlight) {

	private static final String SLOW_START = "slow-start ";

	/**
	 * Reads the control endpoint's answer: {@code version N},
	 * {@code slow-start <seconds>} (left out by an nginx that predates it: none), then
	 * {@code host:port up|standby|down inflight weight since} per peer (since: when the
	 * peer came up, on nginx's clock).
	 * @param service the upstream
	 * @param body the answer
	 * @return the peers
	 */
	static ActualPeers parse(ServiceName service, String body) {
		String[] lines = body.split("\n");
		if (lines.length == 0 || !lines[0].startsWith("version ")) {
			throw new ControlRefusedException("unexpected peers answer: " + body);
		}
		Duration slowStart = Duration.ZERO;
		int first = 1;
		if (lines.length > 1 && lines[1].startsWith(SLOW_START)) {
			slowStart = Duration.ofMillis(
					new BigDecimal(lines[1].substring(SLOW_START.length()).trim()).movePointRight(3).longValueExact());
			first = 2;
		}
		List<PeerState> peers = new ArrayList<>();
		Map<Endpoint, Long> inFlight = new LinkedHashMap<>();
		for (int i = first; i < lines.length; i++) {
			String[] fields = lines[i].split(" ");
			Endpoint endpoint = ControlClient.endpoint(fields[0]);
			peers.add(new PeerState(endpoint, "up".equals(fields[1]), Integer.parseInt(fields[3]),
					"standby".equals(fields[1])));
			inFlight.put(endpoint, Long.parseLong(fields[2]));
		}
		return new ActualPeers(Long.parseLong(lines[0].substring("version ".length()).trim()),
				new PeerSet(service, peers, slowStart), inFlight);
	}

}
