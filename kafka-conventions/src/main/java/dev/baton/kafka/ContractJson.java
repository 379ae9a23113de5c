package dev.baton.kafka;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Topic;

/**
 * The JSON mappers of Baton's messages: one writes them, one reads them. Reading is
 * lenient on left-out numbers and flags (hand-written JSON may leave them out): they read
 * as 0 or false, and the contracts' own validation then says what is missing.
 * <p>
 * A message type's first message is slower than the next ones: Jackson builds the type's
 * writer and reader, and its first write and read and a record's first {@code toString},
 * {@code equals} and {@code hashCode} link their code (about 15 method-handle classes for
 * a record's first {@code toString}), a few milliseconds each, more on a busy machine.
 * The deployer's first deploy on a fresh stack took 40 ms from {@code DeployStarted} to
 * its first gate command, against 7 to 13 ms in the next ones. {@link #prepare()} does
 * all of it ahead of time, on a sample of each type.
 */
final class ContractJson {

	private final JsonMapper writer;

	private final JsonMapper reader;

	ContractJson(JsonMapper mapper) {
		this.writer = mapper;
		this.reader = mapper.rebuild().disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();
	}

	JsonMapper writer() {
		return this.writer;
	}

	JsonMapper reader() {
		return this.reader;
	}

	/**
	 * Builds the writer and the reader of every message type of every topic by running
	 * them once on a sample of the type, read back as the topic's message type, as a
	 * listener reads it, and runs the type's record methods on the sample.
	 * @return the concrete types prepared, each with whether its sample came back from
	 * JSON equal to itself
	 */
	Map<Class<?>, Boolean> prepare() {
		Map<Class<?>, Boolean> prepared = new LinkedHashMap<>();
		for (Topic topic : Topic.values()) {
			Deque<Class<?>> types = new ArrayDeque<>(List.of(topic.messageType()));
			while (!types.isEmpty()) {
				Class<?> type = types.pop();
				if (type.isSealed()) {
					types.addAll(List.of(type.getPermittedSubclasses()));
				}
				else if (!prepared.containsKey(type)) {
					prepared.put(type,
							ContractSamples.of(type)
								.map((sample) -> roundTrips(sample, topic.messageType()))
								.orElse(false));
				}
			}
		}
		return prepared;
	}

	private boolean roundTrips(Object sample, Class<?> messageType) {
		try {
			Object read = this.reader.readValue(this.writer.writeValueAsBytes(sample), messageType);
			return read.equals(sample) && read.hashCode() == sample.hashCode()
					&& read.toString().equals(sample.toString());
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

}
