package dev.baton.loadgen;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * HTTP/1.1 over plain blocking sockets to one loopback server, each connection kept alive
 * and reused by whichever thread sends next. A generator sharing two cores with the
 * system it measures must cost little: the JDK's asynchronous client costs far more CPU
 * per request (see {@code LoadClientBenchmark}).
 * <p>
 * It is also the client every load test in the project uses, because it reports what the
 * server did and nothing else. The JDK's {@code HttpClient} (seen on 17.0.15 and 25.0.3)
 * now and then closes a pooled connection itself just after the server answered a request
 * on it, hands the answer to nobody and fails the request with "HTTP/1.1 header parser
 * received no bytes" (JDK-8338569, JDK-8357639): a POST the app handled then reads as
 * lost.
 * <p>
 * Nothing is retried: a request whose connection fails counts as failed, with its cause.
 * A connection idle longer than {@link #MAX_IDLE} is not reused, so the server's own idle
 * timeout can never close one just as a request goes out on it.
 */
public final class KeepAliveClient implements AutoCloseable {

	static final Duration MAX_IDLE = Duration.ofSeconds(5);

	private static final long MAX_IDLE_NANOS = MAX_IDLE.toNanos();

	private final InetSocketAddress address;

	private final String authority;

	private final int connectTimeoutMillis;

	private final long requestTimeoutNanos;

	private final Deque<PooledConnection> idle = new ConcurrentLinkedDeque<>();

	private volatile boolean closed;

	/**
	 * A client of one server.
	 * @param target the server, such as {@code http://127.0.0.1:8080}
	 * @param connectTimeout how long a new connection may take to open
	 * @param requestTimeout how long a request may wait for its whole answer
	 */
	public KeepAliveClient(URI target, Duration connectTimeout, Duration requestTimeout) {
		int port = (target.getPort() >= 0) ? target.getPort() : 80;
		this.address = new InetSocketAddress(target.getHost().replaceAll("^\\[(.*)]$", "$1"), port);
		this.authority = target.getRawAuthority();
		this.connectTimeoutMillis = (int) connectTimeout.toMillis();
		this.requestTimeoutNanos = requestTimeout.toNanos();
	}

	/**
	 * The bytes of a GET request for {@code path}.
	 * @param path the request target, such as {@code /work}
	 * @return the request
	 */
	public byte[] get(String path) {
		return get(path, null);
	}

	/**
	 * The bytes of a GET request for {@code path} that names itself.
	 * @param path the request target, such as {@code /work}
	 * @param requestId sent as {@code X-Request-Id}; none when {@code null}
	 * @return the request
	 */
	public byte[] get(String path, String requestId) {
		return head("GET", path, requestId).append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
	}

	/**
	 * The bytes of a POST request with a JSON body.
	 * @param path the request target
	 * @param json the body
	 * @return the request
	 */
	public byte[] postJson(String path, String json) {
		return postJson(path, json, null);
	}

	/**
	 * The bytes of a POST request with a JSON body that names itself.
	 * @param path the request target
	 * @param json the body
	 * @param requestId sent as {@code X-Request-Id}; none when {@code null}
	 * @return the request
	 */
	public byte[] postJson(String path, String json, String requestId) {
		byte[] body = json.getBytes(StandardCharsets.UTF_8);
		byte[] head = head("POST", path, requestId).append("Content-Type: application/json\r\nContent-Length: ")
			.append(body.length)
			.append("\r\n\r\n")
			.toString()
			.getBytes(StandardCharsets.ISO_8859_1);
		byte[] request = new byte[head.length + body.length];
		System.arraycopy(head, 0, request, 0, head.length);
		System.arraycopy(body, 0, request, head.length, body.length);
		return request;
	}

	private StringBuilder head(String method, String path, String requestId) {
		StringBuilder head = new StringBuilder(160).append(method)
			.append(' ')
			.append(path)
			.append(" HTTP/1.1\r\nHost: ")
			.append(this.authority)
			.append("\r\nUser-Agent: baton-loadgen\r\n");
		if (requestId != null) {
			head.append(RequestLog.HEADER).append(": ").append(requestId).append("\r\n");
		}
		return head;
	}

	/**
	 * Sends a request and reads its whole answer.
	 * @param request bytes made by {@link #get} or {@link #postJson}
	 * @return the answer's status code
	 * @throws HttpConnectTimeoutException when no connection opened in time
	 * @throws HttpTimeoutException when the answer did not come in time
	 * @throws IOException when the connection was refused, reset or closed first
	 */
	public int send(byte[] request) throws IOException {
		return exchange(request, 0).status();
	}

	/**
	 * Sends a request and reads its whole answer, keeping the start of its body.
	 * @param request bytes made by {@link #get} or {@link #postJson}
	 * @param keep how many of the body's first bytes to keep
	 * @return the answer
	 * @throws HttpConnectTimeoutException when no connection opened in time
	 * @throws HttpTimeoutException when the answer did not come in time
	 * @throws IOException when the connection was refused, reset or closed first
	 */
	public Answer exchange(byte[] request, int keep) throws IOException {
		long deadline = System.nanoTime() + this.requestTimeoutNanos;
		PooledConnection connection = reusable();
		if (connection == null) {
			connection = open();
		}
		try {
			connection.output.write(request);
			connection.output.flush();
			connection.deadline = deadline;
			Answer answer = Answer.read(connection.input, keep);
			if (answer.keepAlive() && !this.closed) {
				connection.lastUsed = System.nanoTime();
				this.idle.push(connection);
				// close() may have emptied the idle connections between the check and the
				// push
				if (this.closed) {
					close();
				}
			}
			else {
				connection.close();
			}
			return answer;
		}
		catch (SocketTimeoutException ex) {
			connection.close();
			throw new HttpTimeoutException("no answer within " + Duration.ofNanos(this.requestTimeoutNanos));
		}
		catch (IOException | RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	private PooledConnection reusable() {
		long now = System.nanoTime();
		for (PooledConnection connection = this.idle.poll(); connection != null; connection = this.idle.poll()) {
			if (now - connection.lastUsed < MAX_IDLE_NANOS) {
				return connection;
			}
			connection.close();
		}
		return null;
	}

	private PooledConnection open() throws IOException {
		Socket socket = new Socket();
		try {
			socket.setTcpNoDelay(true);
			socket.connect(this.address, this.connectTimeoutMillis);
			return new PooledConnection(socket);
		}
		catch (SocketTimeoutException ex) {
			socket.close();
			throw new HttpConnectTimeoutException(
					"no connection to " + this.address + " within " + this.connectTimeoutMillis + " ms");
		}
		catch (IOException ex) {
			socket.close();
			throw ex;
		}
	}

	/**
	 * Closes the idle connections; one in use closes when its answer has been read.
	 */
	@Override
	public void close() {
		this.closed = true;
		for (PooledConnection connection = this.idle.poll(); connection != null; connection = this.idle.poll()) {
			connection.close();
		}
	}

	/**
	 * One socket with its streams. Each read of the answer waits at most until the
	 * request's deadline.
	 */
	private static final class PooledConnection {

		private final Socket socket;

		private final InputStream input;

		private final OutputStream output;

		private long lastUsed;

		private long deadline;

		PooledConnection(Socket socket) throws IOException {
			this.socket = socket;
			InputStream raw = socket.getInputStream();
			this.input = new BufferedInputStream(new InputStream() {

				@Override
				public int read() throws IOException {
					byte[] one = new byte[1];
					return (read(one, 0, 1) < 0) ? -1 : one[0] & 0xff;
				}

				@Override
				public int read(byte[] buffer, int offset, int length) throws IOException {
					waitAtMostUntilDeadline();
					return raw.read(buffer, offset, length);
				}

			}, 8192);
			this.output = socket.getOutputStream();
		}

		private void waitAtMostUntilDeadline() throws IOException {
			long millis = (this.deadline - System.nanoTime()) / 1_000_000;
			if (millis <= 0) {
				throw new SocketTimeoutException("request timed out");
			}
			this.socket.setSoTimeout((int) Math.min(millis, Integer.MAX_VALUE));
		}

		void close() {
			try {
				this.socket.close();
			}
			catch (IOException ex) {
				// Nothing left to do with a socket that cannot even close.
			}
		}

	}

}
