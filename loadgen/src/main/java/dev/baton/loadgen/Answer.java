package dev.baton.loadgen;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * An HTTP/1.1 answer as the generator needs it: its status, and whether its connection
 * may carry the next request. The body is read to its end and dropped, whether framed by
 * {@code Content-Length}, chunked, or ended by the server closing the connection.
 *
 * @param status the status code
 * @param keepAlive whether the connection may be reused
 */
record Answer(int status, boolean keepAlive) {

	private static final int MAX_LINE = 16 * 1024;

	/**
	 * Reads one answer, skipping interim ({@code 1xx}) ones.
	 * @param input the connection's input, positioned at an answer
	 * @return the answer
	 * @throws IOException when the connection closes first ({@code closed}), or the
	 * answer is not HTTP
	 */
	static Answer read(InputStream input) throws IOException {
		String statusLine = line(input, true);
		if (statusLine == null) {
			throw new IOException("connection closed by the server before any answer");
		}
		if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
			throw new IOException("not an HTTP/1.x answer: " + statusLine);
		}
		int status = parseStatus(statusLine);
		boolean keepAlive = statusLine.startsWith("HTTP/1.1");
		long length = -1;
		boolean chunked = false;
		for (String header = line(input, false); !header.isEmpty(); header = line(input, false)) {
			int colon = header.indexOf(':');
			if (colon <= 0) {
				continue;
			}
			String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
			String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
			switch (name) {
				case "content-length" -> length = parseLength(value);
				case "transfer-encoding" -> chunked = value.endsWith("chunked");
				case "connection" ->
					keepAlive = value.contains("keep-alive") || (keepAlive && !value.contains("close"));
				default -> {
				}
			}
		}
		if (status >= 100 && status < 200) {
			return read(input);
		}
		if (status == 204 || status == 304) {
			return new Answer(status, keepAlive);
		}
		if (chunked) {
			skipChunks(input);
		}
		else if (length >= 0) {
			skip(input, length);
		}
		else {
			while (input.read() >= 0) {
				// The body runs to the end of the connection.
			}
			keepAlive = false;
		}
		return new Answer(status, keepAlive);
	}

	private static int parseStatus(String statusLine) throws IOException {
		try {
			return Integer.parseInt(statusLine.substring(9, 12));
		}
		catch (NumberFormatException ex) {
			throw new IOException("no status code in: " + statusLine);
		}
	}

	private static long parseLength(String value) throws IOException {
		try {
			return Long.parseLong(value);
		}
		catch (NumberFormatException ex) {
			throw new IOException("bad Content-Length: " + value);
		}
	}

	private static void skipChunks(InputStream input) throws IOException {
		while (true) {
			String sizeLine = line(input, false);
			int extension = sizeLine.indexOf(';');
			long size;
			try {
				size = Long.parseLong((extension >= 0) ? sizeLine.substring(0, extension).trim() : sizeLine.trim(), 16);
			}
			catch (NumberFormatException ex) {
				throw new IOException("bad chunk size: " + sizeLine);
			}
			if (size == 0) {
				while (!line(input, false).isEmpty()) {
					// Trailers, not needed.
				}
				return;
			}
			skip(input, size);
			if (!line(input, false).isEmpty()) {
				throw new IOException("chunk not followed by CRLF");
			}
		}
	}

	private static void skip(InputStream input, long count) throws IOException {
		byte[] scratch = new byte[(int) Math.min(count, 8192)];
		for (long left = count; left > 0;) {
			int read = input.read(scratch, 0, (int) Math.min(left, scratch.length));
			if (read < 0) {
				throw new IOException("connection closed by the server in the middle of an answer");
			}
			left -= read;
		}
	}

	/**
	 * One line without its CRLF, or {@code null} at the end of the stream when
	 * {@code endAllowed} (only before an answer begins).
	 */
	private static String line(InputStream input, boolean endAllowed) throws IOException {
		StringBuilder line = new StringBuilder(64);
		for (int b = input.read(); b != '\n'; b = input.read()) {
			if (b < 0) {
				if (endAllowed && line.length() == 0) {
					return null;
				}
				throw new IOException("connection closed by the server in the middle of an answer");
			}
			if (line.length() == MAX_LINE) {
				throw new IOException("answer line longer than " + MAX_LINE + " bytes");
			}
			line.append((char) b);
		}
		int end = line.length();
		return line.substring(0, (end > 0 && line.charAt(end - 1) == '\r') ? end - 1 : end);
	}

}
