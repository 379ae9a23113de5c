package dev.baton.nginx.dataplane;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection to the control endpoint, used by one thread at a
 * time. A blocking socket keeps a drain poll on the polling thread alone: no hand-offs to
 * client threads that a busy machine would delay.
 */
final class ControlConnection implements Closeable {

	private static final int TIMEOUT_MILLIS = 2000;

	private final Socket socket;

	private final InputStream in;

	private final OutputStream out;

	private boolean reusable = true;

	ControlConnection(String host, int port) throws IOException {
		this.socket = new Socket();
		this.socket.setTcpNoDelay(true);
		this.socket.setSoTimeout(TIMEOUT_MILLIS);
		try {
			this.socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
		}
		catch (IOException ex) {
			this.socket.close();
			throw ex;
		}
		this.in = new BufferedInputStream(this.socket.getInputStream());
		this.out = this.socket.getOutputStream();
	}

	/**
	 * Sends one request and reads its answer.
	 * @param head the request line and headers, without the blank line
	 * @param body the body, empty for none
	 * @return the status and body
	 */
	ControlResponse exchange(String head, byte[] body) throws IOException {
		byte[] headBytes = (head + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
		byte[] request = new byte[headBytes.length + body.length];
		System.arraycopy(headBytes, 0, request, 0, headBytes.length);
		System.arraycopy(body, 0, request, headBytes.length, body.length);
		this.out.write(request);
		this.out.flush();
		String status = readLine();
		if (!status.startsWith("HTTP/1.") || status.length() < 12) {
			throw new IOException("unexpected status line: " + status);
		}
		int code = Integer.parseInt(status.substring(9, 12));
		long length = -1;
		boolean chunked = false;
		for (String line = readLine(); !line.isEmpty(); line = readLine()) {
			String lower = line.toLowerCase(Locale.ROOT);
			if (lower.startsWith("content-length:")) {
				length = Long.parseLong(lower.substring("content-length:".length()).trim());
			}
			else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
				chunked = true;
			}
			else if (lower.startsWith("connection:") && lower.contains("close")) {
				this.reusable = false;
			}
		}
		byte[] answer = chunked ? readChunked() : (length >= 0) ? readExactly(length) : readToEnd();
		return new ControlResponse(code, new String(answer, StandardCharsets.UTF_8));
	}

	boolean reusable() {
		return this.reusable;
	}

	private byte[] readChunked() throws IOException {
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		while (true) {
			String sizeLine = readLine();
			int semicolon = sizeLine.indexOf(';');
			long size = Long.parseLong((semicolon >= 0) ? sizeLine.substring(0, semicolon) : sizeLine.trim(), 16);
			if (size == 0) {
				while (!readLine().isEmpty()) {
					// trailers carry nothing the control client needs
				}
				return body.toByteArray();
			}
			body.write(readExactly(size));
			readLine();
		}
	}

	private byte[] readExactly(long length) throws IOException {
		byte[] bytes = this.in.readNBytes((int) length);
		if (bytes.length != length) {
			throw new EOFException("answer ended after " + bytes.length + " of " + length + " bytes");
		}
		return bytes;
	}

	private byte[] readToEnd() throws IOException {
		this.reusable = false;
		return this.in.readAllBytes();
	}

	private String readLine() throws IOException {
		StringBuilder line = new StringBuilder();
		for (int next = this.in.read(); next != '\n'; next = this.in.read()) {
			if (next < 0) {
				throw new EOFException("connection closed by nginx");
			}
			if (next != '\r') {
				line.append((char) next);
			}
		}
		return line.toString();
	}

	@Override
	public void close() throws IOException {
		this.socket.close();
	}

	/**
	 * @param status the HTTP status
	 * @param body the answer's body
	 */
	record ControlResponse(int status, String body) {
	}

}
