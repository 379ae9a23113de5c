package dev.baton.nginx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import dev.baton.contracts.Endpoint;
import dev.baton.nginx.dataplane.ControlClient;

/**
 * Plain requests to nginx's control endpoint, for what the node's own client never sends
 * (a malformed body) or never reads (when a peer came up).
 */
final class ControlRequests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final Endpoint control;

	private final String token;

	ControlRequests(Endpoint control, String token) {
		this.control = control;
		this.token = token;
	}

	/**
	 * Replaces a service's peer set.
	 * @param service the upstream
	 * @param body the lines, as the control endpoint takes them
	 * @return the answer, whatever its status
	 */
	HttpResponse<String> put(String service, String body) {
		return send(request(service).PUT(HttpRequest.BodyPublishers.ofString(body)));
	}

	/**
	 * Reads a service's peer set.
	 * @param service the upstream
	 * @return the answer's body: the version, the slow start, then one peer a line
	 */
	String get(String service) {
		HttpResponse<String> answer = send(request(service).GET());
		if (answer.statusCode() != 200) {
			throw new IllegalStateException("control endpoint answered " + answer.statusCode() + ": " + answer.body());
		}
		return answer.body();
	}

	/**
	 * Reads a peer's drain at once.
	 * @param service the upstream
	 * @param peer the peer, {@code host:port}
	 * @param release which standby peers the read takes down first ({@code idle} or
	 * {@code all})
	 * @return the answer, whatever its status
	 */
	HttpResponse<String> inFlight(String service, String peer, String release) {
		return send(HttpRequest
			.newBuilder(URI.create("http://" + this.control.address() + "/baton/inflight?service=" + service + "&peer="
					+ peer + "&release=" + release))
			.header(ControlClient.TOKEN_HEADER, this.token)
			.GET());
	}

	/**
	 * When a peer last came up, on nginx's clock.
	 * @param service the upstream
	 * @param peer the peer
	 * @return milliseconds since the epoch, 0 while it is down
	 */
	long since(String service, Endpoint peer) {
		return get(service).lines()
			.filter((line) -> line.startsWith(peer.address() + " "))
			.mapToLong((line) -> Long.parseLong(line.split(" ")[4]))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException(peer + " is not in the set of " + service));
	}

	private HttpRequest.Builder request(String service) {
		return HttpRequest
			.newBuilder(URI.create("http://" + this.control.address() + "/baton/peers?service=" + service))
			.header(ControlClient.TOKEN_HEADER, this.token);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
