package dev.baton.deployer.runtime.supervisord;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Carries one XML-RPC call to supervisord and its answer back: over its loopback HTTP
 * server or its unix socket.
 */
interface Transport {

	/**
	 * How long one call may take: the calls the deployer makes never wait on a process.
	 */
	Duration CALL_TIMEOUT = Duration.ofSeconds(10);

	Pattern LOOPBACK = Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|localhost|\\[::1]");

	/**
	 * Posts a call.
	 * @param call the XML-RPC request body
	 * @return the answer's body, from an HTTP 200
	 * @throws IOException when supervisord does not answer, refuses the credentials or
	 * answers an error
	 */
	byte[] post(byte[] call) throws IOException, InterruptedException;

	/**
	 * Checks an address and picks its transport.
	 * @param url {@code http://127.0.0.1:PORT} (loopback only) or
	 * {@code unix:///path/to/supervisor.sock}
	 * @param authorization the Authorization header's value, if supervisord asks for one
	 * @return the transport
	 * @throws IllegalArgumentException for any other address
	 */
	static Transport of(String url, Optional<String> authorization) {
		URI uri = uri(url);
		if ("unix".equals(uri.getScheme())) {
			return new UnixSocketTransport(Path.of(uri.getPath()), authorization);
		}
		String path = (uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/")) ? "/RPC2"
				: uri.getPath();
		return new HttpTransport(URI.create("http://" + uri.getRawAuthority() + path), authorization);
	}

	private static URI uri(String url) {
		String expected = "must be http://127.0.0.1:PORT (loopback only) or unix:///path/to/supervisor.sock, got "
				+ url;
		URI uri;
		try {
			uri = URI.create(url);
		}
		catch (IllegalArgumentException | NullPointerException ex) {
			throw new IllegalArgumentException(expected, ex);
		}
		boolean unix = "unix".equals(uri.getScheme()) && uri.getRawAuthority() == null && uri.getPath() != null
				&& uri.getPath().startsWith("/") && uri.getPath().length() > 1;
		boolean http = "http".equals(uri.getScheme()) && uri.getHost() != null
				&& LOOPBACK.matcher(uri.getHost()).matches() && uri.getPort() > 0 && uri.getRawUserInfo() == null
				&& uri.getRawQuery() == null && uri.getRawFragment() == null;
		if (!unix && !http) {
			throw new IllegalArgumentException(expected);
		}
		return uri;
	}

}
