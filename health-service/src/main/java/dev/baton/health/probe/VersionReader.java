package dev.baton.health.probe;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.Version;

/**
 * Finds the version an instance reports in its health body. A JSON body is searched for
 * the configured field: at the top ({@code {"version":"v2"}}), under {@code build}
 * (Actuator's info style) and then anywhere below, breadth first (Actuator's
 * {@code components.app.details.version}). A text body is matched against the configured
 * pattern ({@code ok v2}). A value that is not a valid {@link Version} counts as none.
 */
public final class VersionReader {

	private static final int MAX_NODES = 500;

	private final JsonMapper mapper;

	public VersionReader(JsonMapper mapper) {
		this.mapper = mapper;
	}

	/**
	 * The version in a body.
	 * @param body the response body, possibly truncated
	 * @param settings the field and pattern to look for
	 * @return the version, or {@code null} when the body names none
	 */
	public Version read(byte[] body, ProbeSettings settings) {
		String text = new String(body, StandardCharsets.UTF_8).strip();
		String found = text.startsWith("{") ? fromJson(text, settings.versionField())
				: fromText(text, settings.versionPattern());
		return valid(found);
	}

	private String fromJson(String text, String field) {
		JsonNode root;
		try {
			root = this.mapper.readTree(text);
		}
		catch (JacksonException ex) {
			return null;
		}
		String[] path = field.split("\\.");
		String direct = at(root, path);
		if (direct != null) {
			return direct;
		}
		String underBuild = at(root.get("build"), path);
		return (underBuild != null) ? underBuild : anywhere(root, path);
	}

	private static String anywhere(JsonNode root, String[] path) {
		Deque<JsonNode> queue = new ArrayDeque<>();
		queue.add(root);
		int visited = 0;
		while (!queue.isEmpty() && visited++ < MAX_NODES) {
			JsonNode node = queue.poll();
			String value = at(node, path);
			if (value != null) {
				return value;
			}
			for (Map.Entry<String, JsonNode> property : node.properties()) {
				if (property.getValue().isObject()) {
					queue.add(property.getValue());
				}
			}
		}
		return null;
	}

	private static String at(JsonNode start, String[] path) {
		JsonNode node = start;
		for (String name : path) {
			if (node == null || !node.isObject()) {
				return null;
			}
			node = node.get(name);
		}
		return (node != null && (node.isString() || node.isNumber())) ? node.asString() : null;
	}

	private static String fromText(String text, Pattern pattern) {
		Matcher matcher = pattern.matcher(text);
		if (!matcher.find()) {
			return null;
		}
		if (pattern.pattern().contains("(?<version>")) {
			return matcher.group("version");
		}
		return (matcher.groupCount() >= 1) ? matcher.group(1) : null;
	}

	private static Version valid(String value) {
		if (value == null) {
			return null;
		}
		try {
			return Version.of(value);
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

}
