package dev.baton.kafka;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.baton.contracts.Topic;

/**
 * Resolves Baton's topics to their names in this installation and back.
 */
public final class TopicNames {

	private final String prefix;

	private final Map<String, Topic> byName;

	public TopicNames(String prefix) {
		this.prefix = prefix;
		this.byName = Arrays.stream(Topic.values())
			.collect(Collectors.toUnmodifiableMap((topic) -> topic.nameWith(prefix), Function.identity()));
	}

	public String name(Topic topic) {
		return topic.nameWith(this.prefix);
	}

	public String deadLetter(Topic topic) {
		return topic.deadLetterNameWith(this.prefix);
	}

	/**
	 * The Baton topic a name belongs to.
	 * @param name a topic name
	 * @return the topic, or empty for a name that is not one of this installation's
	 * topics
	 */
	public Optional<Topic> topic(String name) {
		return Optional.ofNullable(this.byName.get(name));
	}

	public String prefix() {
		return this.prefix;
	}

}
