package dev.baton.loadgen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes {@link LoadResult} JSON, the file the demo keeps per scenario.
 */
public final class LoadResults {

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private LoadResults() {
	}

	public static void write(LoadResult result, Path file) throws IOException {
		Path parent = file.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		Files.writeString(file, JSON.writeValueAsString(result));
	}

	public static LoadResult read(Path file) throws IOException {
		return JSON.readValue(Files.readString(file), LoadResult.class);
	}

	/**
	 * The mapper the loadgen and the report use, for callers that embed results.
	 * @return the mapper
	 */
	public static JsonMapper json() {
		return JSON;
	}

}
