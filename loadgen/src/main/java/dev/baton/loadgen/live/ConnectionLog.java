package dev.baton.loadgen.live;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import tools.jackson.databind.json.JsonMapper;

/**
 * The connection log: one {@link ConnectionRecord} per line, as JSON, written when the
 * connection ends and flushed at once, so that a checker reading the file after a crash
 * still finds every connection that ended before it.
 */
public final class ConnectionLog implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final BufferedWriter writer;

	private ConnectionLog(BufferedWriter writer) {
		this.writer = writer;
	}

	/**
	 * Opens a log, appending to the file if it exists.
	 * @param file the file
	 * @return the log
	 * @throws IOException when the file cannot be opened
	 */
	public static ConnectionLog appendingTo(Path file) throws IOException {
		Path parent = file.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		return new ConnectionLog(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
				StandardOpenOption.APPEND));
	}

	/**
	 * Writes one connection's line.
	 * @param connection the connection
	 */
	public synchronized void write(ConnectionRecord connection) {
		try {
			this.writer.write(line(connection));
			this.writer.newLine();
			this.writer.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * @param connection a connection
	 * @return its line, without the line break
	 */
	public static String line(ConnectionRecord connection) {
		return JSON.writeValueAsString(connection);
	}

	/**
	 * Reads a log back.
	 * @param file the file
	 * @return its connections, in the order they ended
	 * @throws IOException when the file cannot be read
	 */
	public static List<ConnectionRecord> read(Path file) throws IOException {
		return Files.readAllLines(file, StandardCharsets.UTF_8)
			.stream()
			.filter((line) -> !line.isBlank())
			.map((line) -> JSON.readValue(line, ConnectionRecord.class))
			.toList();
	}

	@Override
	public synchronized void close() throws IOException {
		this.writer.close();
	}

}
