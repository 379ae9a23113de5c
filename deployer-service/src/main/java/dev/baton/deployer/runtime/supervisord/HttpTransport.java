package dev.baton.deployer.runtime.supervisord;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * Calls supervisord's {@code inet_http_server} on loopback, with the Authorization header
 * it asks for.
 */
final class HttpTransport implements Transport {

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(CALL_TIMEOUT)
		.build();

	private final URI uri;

	private final Optional<String> authorization;

	HttpTransport(URI uri, Optional<String> authorization) {
		this.uri = uri;
		this.authorization = authorization;
	}

	@Override
	public byte[] post(byte[] call) throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.uri)
			.timeout(CALL_TIMEOUT)
			.header("Content-Type", "text/xml")
			.POST(HttpRequest.BodyPublishers.ofByteArray(call));
		this.authorization.ifPresent((value) -> request.header("Authorization", value));
		HttpResponse<byte[]> response;
		try {
			response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException ex) {
			throw new IOException("supervisord does not answer at " + this.uri + ": " + ex, ex);
		}
		if (response.statusCode() == 401) {
			throw new IOException("supervisord at " + this.uri + " refused the credentials (HTTP 401)"
					+ (this.authorization.isEmpty() ? "; runtime.supervisord.credentials-file is not set" : ""));
		}
		if (response.statusCode() != 200) {
			throw new IOException("supervisord answered HTTP " + response.statusCode() + " at " + this.uri);
		}
		return response.body();
	}

	@Override
	public String toString() {
		return this.uri.toString();
	}

}
