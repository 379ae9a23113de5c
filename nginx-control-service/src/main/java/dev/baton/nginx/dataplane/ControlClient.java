package dev.baton.nginx.dataplane;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.PeerSet;

/**
 * Talks to the Lua control endpoint over loopback HTTP/1.1 with keep-alive connections
 * (one per concurrent caller, kept for reuse), so a drain poll every few milliseconds
 * costs one small request on the polling thread. Every request is idempotent, so one that
 * fails on a connection nginx closed is sent once more on a new one.
 */
public class ControlClient implements PeerControl {

	/** The header carrying the control token. */
	public static final String TOKEN_HEADER = "X-Baton-Token";

	private final Endpoint control;

	private final String token;

	private final Deque<ControlConnection> idle = new ConcurrentLinkedDeque<>();

	public ControlClient(Endpoint control, String token) {
		this.control = control;
		this.token = token;
	}

	@Override
	public void replace(PeerSet peers) {
		send("PUT", "peers?service=" + peers.service(), peers.render());
	}

	@Override
	public ActualPeers peers(ServiceName service) {
		return ActualPeers.parse(service, send("GET", "peers?service=" + service, ""));
	}

	@Override
	public Map<Endpoint, InFlight> inFlight(ServiceName service, Collection<Endpoint> peers, Duration wait,
			Release release) {
		StringBuilder query = new StringBuilder("inflight?service=").append(service)
			.append("&release=")
			.append(release.name().toLowerCase(Locale.ROOT));
		if (!wait.isZero()) {
			query.append("&wait_ms=").append(wait.toMillis());
		}
		peers.forEach(
				(peer) -> query.append("&peer=").append(URLEncoder.encode(peer.address(), StandardCharsets.UTF_8)));
		Map<Endpoint, InFlight> reads = new LinkedHashMap<>();
		for (String line : send("GET", query.toString(), "").split("\n")) {
			if (!line.isBlank()) {
				String[] fields = line.split(" ");
				reads.put(endpoint(fields[0]),
						new InFlight(Long.parseLong(fields[1]), fields.length > 2 && "standby".equals(fields[2])));
			}
		}
		return reads;
	}

	@Override
	public UpstreamCounters counters(ServiceName service) {
		return UpstreamCounters.parse(send("GET", "stats?service=" + service, ""));
	}

	@Override
	public String epoch() {
		return send("GET", "epoch", "").trim();
	}

	private String send(String method, String path, String body) {
		String head = method + " /baton/" + path + " HTTP/1.1\r\nHost: " + this.control.address() + "\r\n"
				+ TOKEN_HEADER + ": " + this.token + "\r\n";
		byte[] payload = body.getBytes(StandardCharsets.UTF_8);
		ControlConnection.ControlResponse response;
		try {
			response = exchange(head, payload);
		}
		catch (IOException first) {
			try {
				response = exchange(head, payload);
			}
			catch (IOException ex) {
				throw new NginxUnreachableException(
						"nginx control endpoint " + this.control.address() + " did not answer: " + ex, ex);
			}
		}
		if (response.status() != 200) {
			throw new ControlRefusedException(
					"nginx control endpoint answered " + response.status() + ": " + response.body().trim());
		}
		return response.body();
	}

	private ControlConnection.ControlResponse exchange(String head, byte[] payload) throws IOException {
		ControlConnection connection = this.idle.pollFirst();
		if (connection == null) {
			connection = new ControlConnection(this.control.host(), this.control.port());
		}
		try {
			ControlConnection.ControlResponse response = connection.exchange(head, payload);
			if (connection.reusable()) {
				this.idle.offerFirst(connection);
			}
			else {
				connection.close();
			}
			return response;
		}
		catch (IOException | RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	static Endpoint endpoint(String address) {
		int colon = address.lastIndexOf(':');
		String host = address.substring(0, colon);
		if (host.startsWith("[") && host.endsWith("]")) {
			host = host.substring(1, host.length() - 1);
		}
		return new Endpoint(host, Integer.parseInt(address.substring(colon + 1)));
	}

}
