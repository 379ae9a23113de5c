package dev.baton.loadgen;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * An HTTP/1.1 answer as a load client needs it: its status, whether its connection may
 * carry the next request, and as much of the body's start as the caller asked to keep
 * (the generator keeps none; a test reads which app answered). The body is always read to
 * its end, whether framed by {@code Content-Length}, chunked, or ended by the server
 * closing the connection.
 *
 * @param status the status code
 * @param keepAlive whether the connection may be reused
 * @param bodyStart the body's first bytes as ISO-8859-1 text, at most the number asked
 * for
 */
public record Answer(int status, boolean keepAlive, String bodyStart) {

	private static final int MAX_LINE = 16 * 1024;

	Answer(int status, boolean keepAlive) {
		this(status, keepAlive, "");
	}

	/**
	 * Reads one answer, skipping interim ({@code 1xx}) ones.
	 * @param input the connection's input, positioned at an answer
	 * @return the answer
	 * @throws IOException when the connection closes first ({@code closed}), or the
	 * answer is not HTTP
	 */
	static Answer read(InputStream input) throws IOException {
		return read(input, 0);
	}

	/**
	 * Reads one answer, skipping interim ({@code 1xx}) ones, and keeps the start of its
	 * body.
	 * @param input the connection's input, positioned at an answer
	 * @param keep how many of the body's first bytes to keep
	 * @return the answer
	 * @throws IOException when the connection closes first ({@code closed}), or the
	 * answer is not HTTP
	 */
	static Answer read(InputStream input, int keep) throws IOException {
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
			return read(input, keep);
		}
		if (status == 204 || status == 304) {
			return new Answer(status, keepAlive);
		}
		BodyStart body = new BodyStart(keep);
		if (chunked) {
			skipChunks(input, body);
		}
		else if (length >= 0) {
			skip(input, length, body);
		}
		else {
			for (int b = input.read(); b >= 0; b = input.read()) {
				// The body runs to the end of the connection.
				body.add(b);
			}
			keepAlive = false;
		}
		return new Answer(status, keepAlive, body.toString());
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

	private static void skipChunks(InputStream input, BodyStart body) throws IOException {
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
			skip(input, size, body);
			if (!line(input, false).isEmpty()) {
				throw new IOException("chunk not followed by CRLF");
			}
		}
	}

	private static void skip(InputStream input, long count, BodyStart body) throws IOException {
		byte[] scratch = new byte[(int) Math.min(count, 8192)];
		for (long left = count; left > 0;) {
			int read = input.read(scratch, 0, (int) Math.min(left, scratch.length));
			if (read < 0) {
				throw new IOException("connection closed by the server in the middle of an answer");
			}
			body.add(scratch, read);
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

	/**
	 * The first bytes of a body, up to a limit; nothing is allocated for a limit of 0.
	 */
	private static final class BodyStart {

		private final StringBuilder kept;

		private final int limit;

		BodyStart(int limit) {
			this.limit = limit;
			this.kept = (limit > 0) ? new StringBuilder(Math.min(limit, 256)) : null;
		}

		void add(int b) {
			if (this.kept != null && this.kept.length() < this.limit) {
				this.kept.append((char) b);
			}
		}

		void add(byte[] bytes, int count) {
			for (int i = 0; this.kept != null && i < count && this.kept.length() < this.limit; i++) {
				this.kept.append((char) (bytes[i] & 0xff));
			}
		}

		@Override
		public String toString() {
			return (this.kept != null) ? this.kept.toString() : "";
		}

	}

}
