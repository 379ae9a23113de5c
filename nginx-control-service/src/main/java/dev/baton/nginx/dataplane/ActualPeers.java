package dev.baton.nginx.dataplane;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.PeerSet;
import dev.baton.nginx.peers.PeerState;

/**
 * An upstream as nginx holds it: the version of its peer set, the peers and their
 * in-flight counts.
 *
 * @param version bumped by nginx on every change of the set
 * @param peers the set
 * @param inFlight requests in flight per peer
 */
public record ActualPeers(long version, PeerSet peers, Map<Endpoint, Long> inFlight) {

	/**
	 * Reads the control endpoint's answer: {@code version N}, then
	 * {@code host:port up|down inflight weight since} per peer (since: when the peer came
	 * up, on nginx's clock).
	 * @param service the upstream
	 * @param body the answer
	 * @return the peers
	 */
	static ActualPeers parse(ServiceName service, String body) {
		String[] lines = body.split("\n");
		if (lines.length == 0 || !lines[0].startsWith("version ")) {
			throw new ControlRefusedException("unexpected peers answer: " + body);
		}
		List<PeerState> peers = new ArrayList<>();
		Map<Endpoint, Long> inFlight = new LinkedHashMap<>();
		for (int i = 1; i < lines.length; i++) {
			String[] fields = lines[i].split(" ");
			Endpoint endpoint = ControlClient.endpoint(fields[0]);
			peers.add(new PeerState(endpoint, "up".equals(fields[1]), Integer.parseInt(fields[3])));
			inFlight.put(endpoint, Long.parseLong(fields[2]));
		}
		return new ActualPeers(Long.parseLong(lines[0].substring("version ".length()).trim()),
				new PeerSet(service, peers), inFlight);
	}

}
