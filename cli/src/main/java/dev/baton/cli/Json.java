package dev.baton.cli;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The CLI's JSON mapper, for messages as any producer writes them. It is built on first
 * use, apart from the Kafka clients: building it costs about as much as starting them
 * (CliStartupBenchmark measures the start-up), so a command builds it while it waits for
 * the broker's first answer rather than before its first request.
 */
public final class Json {

	private Json() {
	}

	/**
	 * The mapper, built on first use.
	 * @return the mapper
	 */
	public static JsonMapper mapper() {
		return Built.MAPPER;
	}

	/** Builds the mapper on another thread, so that its first user finds it ready. */
	static void prepareInBackground() {
		Thread builder = new Thread(Json::mapper, "json-mapper");
		builder.setDaemon(true);
		builder.start();
	}

	/**
	 * The JVM initializes a class once, on first use, and makes every other user wait for
	 * it.
	 */
	private static final class Built {

		private static final JsonMapper MAPPER = JsonMapper.builder()
			.disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
			.build();

	}

}
