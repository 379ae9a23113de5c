package dev.baton.loadgen.live;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The body of a chunked HTTP/1.1 response: ends at the last (empty) chunk, and fails when
 * the connection closes before it, which is how a client tells a stream ended cleanly
 * from a stream cut.
 */
final class ChunkedBody extends InputStream {

	private final InputStream input;

	private long left;

	private boolean started;

	private boolean finished;

	ChunkedBody(InputStream input) {
		this.input = input;
	}

	@Override
	public int read() throws IOException {
		if (this.finished) {
			return -1;
		}
		if (this.left == 0) {
			nextChunk();
			if (this.finished) {
				return -1;
			}
		}
		int b = this.input.read();
		if (b < 0) {
			throw cut();
		}
		this.left--;
		return b;
	}

	private void nextChunk() throws IOException {
		if (this.started) {
			// The CRLF that closes the previous chunk's data.
			line();
		}
		this.started = true;
		String size = line();
		int extension = size.indexOf(';');
		try {
			this.left = Long.parseLong((extension >= 0) ? size.substring(0, extension).trim() : size.trim(), 16);
		}
		catch (NumberFormatException ex) {
			throw new IOException("bad chunk size '" + size + "'", ex);
		}
		if (this.left == 0) {
			// Trailers, if any, up to the empty line.
			while (!line().isEmpty()) {
				// skipped
			}
			this.finished = true;
		}
	}

	private String line() throws IOException {
		return HttpLines.read(this.input, this::cut);
	}

	private EOFException cut() {
		return new EOFException("cut: the connection closed before the stream's last chunk");
	}

}
