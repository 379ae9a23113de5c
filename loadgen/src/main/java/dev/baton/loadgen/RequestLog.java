package dev.baton.loadgen;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One line per request, for a judge outside the generator that lays each request beside
 * what nginx logged for it and what the deploy's records say: the request's id (the run's
 * prefix and the request's sequence number; it carries it as {@code X-Request-Id}), its
 * method, when it left and when its answer or failure came (milliseconds since the epoch,
 * this host's clock, as nginx's {@code $msec}), and its status or the cause of its
 * failure.
 *
 * <pre>
 * 3k2j9x-4711	POST	1796640000123	1796640000145	200	-
 * 3k2j9x-4712	GET	1796640000126	1796640001127	0	reset
 * </pre>
 */
public final class RequestLog implements AutoCloseable {

	/** The header carrying a request's id, which nginx's access log can record. */
	public static final String HEADER = "X-Request-Id";

	private final BufferedWriter writer;

	/**
	 * Opens the log, replacing any earlier one at that path.
	 * @param path the file
	 */
	public RequestLog(Path path) {
		try {
			this.writer = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the request log " + path, ex);
		}
	}

	void answered(String id, String method, long sentMillis, long endedMillis, int status) {
		write(id + "\t" + method + "\t" + sentMillis + "\t" + endedMillis + "\t" + status + "\t-\n");
	}

	void failed(String id, String method, long sentMillis, long endedMillis, String cause) {
		write(id + "\t" + method + "\t" + sentMillis + "\t" + endedMillis + "\t0\t" + cause + "\n");
	}

	private synchronized void write(String line) {
		try {
			this.writer.write(line);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the request log", ex);
		}
	}

	@Override
	public synchronized void close() {
		try {
			this.writer.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot close the request log", ex);
		}
	}

}
