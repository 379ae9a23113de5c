package dev.baton.deployer.runtime;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The end of a runtime's output, as much of it as may travel in a step event, an audit
 * record or a log line: at most the last {@value #MAX_LINES} lines and
 * {@value #MAX_BYTES} bytes of UTF-8, from the start of a line where it can, marked
 * {@code […]} when something was left out, with every secret redacted
 * ({@link SecretRedaction}). Secrets are redacted before the cut, so a cut never parts a
 * secret from the key that names it.
 */
final class OutputTail {

	static final int MAX_BYTES = 2048;

	static final int MAX_LINES = 40;

	/** Starts an output whose beginning was left out. */
	static final String CUT = "[…]\n";

	private static final int CUT_BYTES = CUT.getBytes(StandardCharsets.UTF_8).length;

	/** How much of a file is read: a command may write gigabytes. */
	private static final int WINDOW = 64 * 1024;

	private OutputTail() {
	}

	/**
	 * @param text a runtime's output or words
	 * @return its end, redacted
	 */
	static String of(String text) {
		String redacted = SecretRedaction.redact(text);
		String kept = fit(lastLines(redacted));
		return kept.equals(redacted) ? kept : CUT + kept;
	}

	/**
	 * Reads the end of a command's output file. A line cut by the start of what is read
	 * is left out, so that it cannot hold a secret without its key.
	 * @param file the file
	 * @return its end, redacted
	 * @throws IOException when the file cannot be read
	 */
	static String read(Path file) throws IOException {
		try (SeekableByteChannel channel = Files.newByteChannel(file)) {
			long start = Math.max(0, channel.size() - WINDOW);
			ByteBuffer window = ByteBuffer.allocate((int) (channel.size() - start));
			channel.position(start);
			while (window.hasRemaining() && channel.read(window) >= 0) {
				// until the window is full or the file ends
			}
			String text = new String(window.array(), 0, window.position(), StandardCharsets.UTF_8);
			if (start == 0) {
				return of(text);
			}
			int newline = text.indexOf('\n');
			if (newline < 0) {
				// one line longer than the window: its key, if any, is not in it
				return CUT;
			}
			String tail = of(text.substring(newline + 1));
			return tail.startsWith(CUT) ? tail : CUT + tail;
		}
	}

	private static String lastLines(String text) {
		int at = text.endsWith("\n") ? text.length() - 1 : text.length();
		for (int lines = 0; lines < MAX_LINES; lines++) {
			at = text.lastIndexOf('\n', at - 1);
			if (at < 0) {
				return text;
			}
		}
		return text.substring(at + 1);
	}

	/**
	 * The last bytes that fit with the mark, from the first line that starts within them,
	 * or from the first whole character when one line is longer than that.
	 */
	private static String fit(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		int limit = MAX_BYTES - CUT_BYTES;
		if (bytes.length <= limit) {
			return text;
		}
		int from = bytes.length - limit;
		while (from < bytes.length && (bytes[from] & 0xC0) == 0x80) {
			from++;
		}
		String end = new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
		int newline = end.indexOf('\n');
		return (newline >= 0 && newline < end.length() - 1) ? end.substring(newline + 1) : end;
	}

}
