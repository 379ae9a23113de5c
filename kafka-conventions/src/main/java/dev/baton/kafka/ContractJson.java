package dev.baton.kafka;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Topic;

/**
 * The JSON mappers of Baton's messages: one writes them, one reads them. Reading is
 * lenient on left-out numbers and flags (hand-written JSON may leave them out): they read
 * as 0 or false, and the contracts' own validation then says what is missing.
 * <p>
 * Jackson builds the reader and the writer of a type the first time it meets it, a few
 * milliseconds each, more on a busy machine: {@link #prepare()} builds them for every
 * message type ahead of time, so a service's first deploy step of a kind is no slower
 * than the ones after it.
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
	 * Builds the writer and the reader of every message type of every topic.
	 * @return the concrete types prepared
	 */
	List<Class<?>> prepare() {
		Set<Class<?>> prepared = new LinkedHashSet<>();
		for (Topic topic : Topic.values()) {
			Deque<Class<?>> types = new ArrayDeque<>(List.of(topic.messageType()));
			while (!types.isEmpty()) {
				Class<?> type = types.pop();
				if (type.isSealed()) {
					types.addAll(List.of(type.getPermittedSubclasses()));
				}
				else if (prepared.add(type)) {
					this.writer.writerFor(type);
					this.reader.readerFor(type);
				}
			}
		}
		return List.copyOf(prepared);
	}

}
