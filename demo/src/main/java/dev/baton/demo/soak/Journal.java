package dev.baton.demo.soak;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.baton.cli.Json;

/**
 * What the soak did, one JSON line per deploy, for the checker: what was asked and when,
 * which fault was done when and to what, which request log covers it, and the version
 * each instance reported on its own health endpoint afterwards. The first line names the
 * seed.
 */
final class Journal implements AutoCloseable {

	private final BufferedWriter writer;

	Journal(Path path, long seed) throws IOException {
		this.writer = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
		line(Map.of("seed", seed));
	}

	void write(Entry entry) {
		Map<String, Object> fault = new LinkedHashMap<>();
		fault.put("kind", entry.planned().fault().kind().name());
		fault.put("label", entry.planned().fault().describe());
		fault.put("done", entry.injected().done());
		fault.put("at", entry.injected().at());
		fault.put("endedAt", entry.injected().endedAt());
		fault.put("note", entry.injected().note());
		fault.put("instance", entry.injected().instance());
		Map<String, Object> line = new LinkedHashMap<>();
		line.put("number", entry.planned().number());
		line.put("deployId", entry.deployId());
		line.put("kind", entry.planned().kind().name());
		line.put("mustFail", entry.planned().kind().mustFail());
		line.put("command", entry.command());
		line.put("requestedAt", entry.requestedAt());
		line.put("boundMillis", SoakRunner.DEPLOY_BOUND.toMillis());
		line.put("loadEndedAt", entry.loadEndedAt());
		line.put("requests", entry.requests());
		line.put("connections", entry.connections());
		line.put("fault", fault);
		line.put("versions", entry.versions());
		line.put("runnerSaw", entry.verdict());
		line.put("refused", entry.refusal());
		line.put("repaired", entry.repaired());
		line(line);
	}

	private void line(Map<String, ?> value) {
		try {
			this.writer.write(Json.mapper().writeValueAsString(value));
			this.writer.newLine();
			this.writer.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws IOException {
		this.writer.close();
	}

	/**
	 * One deploy as it went.
	 *
	 * @param planned what was drawn
	 * @param deployId its id
	 * @param command the {@code baton} command that asked for it
	 * @param requestedAt when, milliseconds since the epoch
	 * @param loadEndedAt when its load stopped
	 * @param requests the file name of its request log
	 * @param connections the file name of its long-lived connections' log
	 * @param injected its fault as done
	 * @param versions each peer's address and the version it reported afterwards
	 * @param verdict what the runner saw, for its own progress lines only
	 * @param refusal why the {@code baton} command refused to ask for it; null when it
	 * asked
	 * @param repaired whether the stack had to be repaired afterwards
	 */
	record Entry(PlannedDeploy planned, String deployId, List<String> command, long requestedAt, long loadEndedAt,
			String requests, String connections, SoakInjector.Injected injected, Map<String, String> versions,
			String verdict, String refusal, boolean repaired) {

	}

}
