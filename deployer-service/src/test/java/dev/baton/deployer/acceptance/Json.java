package dev.baton.deployer.acceptance;

import tools.jackson.databind.json.JsonMapper;

/**
 * Writes and reads messages the way any Kafka client would: plain JSON with a "type".
 */
final class Json {

	static final JsonMapper MAPPER = JsonMapper.builder().build();

	private Json() {
	}

	static byte[] write(Class<?> as, Object message) {
		return MAPPER.writerFor(as).writeValueAsBytes(message);
	}

	static <T> T read(byte[] value, Class<T> as) {
		return MAPPER.readValue(value, as);
	}

}
