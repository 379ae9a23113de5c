package dev.baton.loadgen.live;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * Reads one CRLF- or LF-ended line of an HTTP head or of an event stream.
 */
final class HttpLines {

	private HttpLines() {
	}

	/**
	 * @param input the stream
	 * @param atEnd the failure to throw when the stream ends before the line does
	 * @return the line without its ending, as UTF-8
	 * @throws IOException on a read failure, or {@code atEnd}'s
	 */
	static String read(InputStream input, Supplier<? extends IOException> atEnd) throws IOException {
		String line = readOrNull(input, atEnd);
		if (line == null) {
			throw atEnd.get();
		}
		return line;
	}

	/**
	 * @param input the stream
	 * @param atEnd the failure to throw when the stream ends inside a line
	 * @return the line without its ending, as UTF-8; {@code null} when the stream ended
	 * before it began
	 * @throws IOException on a read failure, or {@code atEnd}'s
	 */
	static String readOrNull(InputStream input, Supplier<? extends IOException> atEnd) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream(128);
		int b = input.read();
		if (b < 0) {
			return null;
		}
		for (; b != '\n'; b = input.read()) {
			if (b < 0) {
				throw atEnd.get();
			}
			line.write(b);
		}
		byte[] bytes = line.toByteArray();
		int length = (bytes.length > 0 && bytes[bytes.length - 1] == '\r') ? bytes.length - 1 : bytes.length;
		return new String(bytes, 0, length, StandardCharsets.UTF_8);
	}

}
