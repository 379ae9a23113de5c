package dev.baton.loadgen;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.baton.loadgen.live.LongLivedSettings;

/**
 * Reads {@code --name value} and {@code --name=value} options; flags take no value.
 */
final class CommandLine {

	static final String USAGE = """
			usage: java -jar loadgen.jar --target http://127.0.0.1:8080 [options]
			       java -jar loadgen.jar report --scenarios scenarios.json --out report-dir

			  --target URL            loopback base URL (127.0.0.0/8 or ::1 only)       required
			  --rate N                requests per second, open model                 300
			  --duration D            30s, 500ms, 2m; 0 or absent: until stopped       until stopped
			  --mix G:P               GET /work : POST /orders                        2:1
			  --get-path P            path of the GETs                                /work
			  --post-path P           path of the POSTs                               /orders
			  --connect-timeout D     connection timeout                              1s
			  --request-timeout D     answer timeout                                  5s
			  --max-in-flight N       outstanding requests before counting overload   2000
			  --threads N             sending threads kept ready (more on demand)     4
			  --stop-file PATH        stop when this file appears (SIGTERM works too)
			  --stop-with-parent      stop when the process that started this one exits
			  --warm-up D             send at the rate for D first, not counted       0
			  --out PATH              write the JSON result here
			  --request-log PATH      one line per request (id, method, sent, ended,
			                          status or cause); requests carry X-Request-Id
			  --fail-on-errors        exit 1 when any request failed (or long-lived connection, below)
			  --quiet                 no per-second progress on stderr

			  long-lived clients, alongside the requests, each reconnecting when its connection ends:
			  --websockets N          WebSocket clients, each echoing a message on a period   0
			  --websocket-path P      the echo endpoint                               /ws
			  --message-every D       how often each WebSocket sends                  1s
			  --websocket-lifetime D  close each WebSocket normally after D, open the next  until closed
			  --event-streams N       event stream clients, each reading to the end   0
			  --events-path P         the event stream endpoint                       /events
			  --stream-seconds N      each stream's length (?seconds=N)               30
			  --connection-log PATH   one JSON line per long-lived connection as it ends
			""";

	private static final Set<String> FLAGS = Set.of("fail-on-errors", "quiet", "help", "stop-with-parent");

	private final Map<String, String> options = new LinkedHashMap<>();

	CommandLine(String[] args) {
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (!arg.startsWith("--")) {
				throw new IllegalArgumentException("unexpected argument '" + arg + "'");
			}
			String name = arg.substring(2);
			int equals = name.indexOf('=');
			if (equals >= 0) {
				this.options.put(name.substring(0, equals), name.substring(equals + 1));
			}
			else if (FLAGS.contains(name)) {
				this.options.put(name, "true");
			}
			else if (i + 1 < args.length) {
				this.options.put(name, args[++i]);
			}
			else {
				throw new IllegalArgumentException("--" + name + " needs a value");
			}
		}
	}

	boolean has(String name) {
		return this.options.containsKey(name);
	}

	String get(String name, String fallback) {
		return this.options.getOrDefault(name, fallback);
	}

	String require(String name) {
		String value = this.options.get(name);
		if (value == null) {
			throw new IllegalArgumentException("--" + name + " is required");
		}
		return value;
	}

	LoadSettings loadSettings() {
		String[] mix = get("mix", "2:1").split(":");
		if (mix.length != 2) {
			throw new IllegalArgumentException("--mix must look like 2:1");
		}
		String duration = get("duration", null);
		return new LoadSettings(URI.create(require("target")), get("get-path", "/work"), get("post-path", "/orders"),
				Double.parseDouble(get("rate", "300")), (duration != null) ? duration(duration) : null,
				Integer.parseInt(mix[0].trim()), Integer.parseInt(mix[1].trim()),
				duration(get("connect-timeout", "1s")), duration(get("request-timeout", "5s")),
				Integer.parseInt(get("max-in-flight", "2000")), Integer.parseInt(get("threads", "4")),
				has("stop-file") ? Path.of(get("stop-file", null)) : null,
				has("out") ? Path.of(get("out", null)) : null, has("fail-on-errors"), has("quiet"),
				has("request-log") ? Path.of(get("request-log", null)) : null);
	}

	/**
	 * The long-lived clients the options ask for.
	 * @param target the target of the requests, shared by the long-lived clients
	 * @return the settings, or {@code null} when no long-lived client is asked for
	 */
	LongLivedSettings longLivedSettings(URI target) {
		int webSockets = Integer.parseInt(get("websockets", "0"));
		int eventStreams = Integer.parseInt(get("event-streams", "0"));
		if (webSockets == 0 && eventStreams == 0) {
			return null;
		}
		LongLivedSettings defaults = LongLivedSettings.defaults(target);
		return new LongLivedSettings(target, webSockets, get("websocket-path", defaults.webSocketPath()),
				duration(get("message-every", "1s")),
				has("websocket-lifetime") ? duration(get("websocket-lifetime", null)) : null, eventStreams,
				get("events-path", defaults.eventsPath()),
				Integer.parseInt(get("stream-seconds", Integer.toString(defaults.streamSeconds()))),
				duration(get("request-timeout", "5s")), defaults.silenceTimeout(),
				has("connection-log") ? Path.of(get("connection-log", null)) : null);
	}

	/**
	 * How long to send before the run that is measured: a JVM's first seconds of sending
	 * measure its own JIT compiler as much as the target.
	 * @return the warm-up, zero for none
	 */
	Duration warmUp() {
		Duration warmUp = duration(get("warm-up", "0"));
		if (warmUp.isNegative()) {
			throw new IllegalArgumentException("--warm-up must not be negative, got " + get("warm-up", null));
		}
		return warmUp;
	}

	/**
	 * Reads {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}, or a bare number of
	 * seconds.
	 * @param text the text
	 * @return the duration
	 */
	static Duration duration(String text) {
		String value = text.trim().toLowerCase();
		try {
			if (value.endsWith("ms")) {
				return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
			}
			long amount = (long) (Double.parseDouble(value.replaceAll("[smh]$", "")) * 1000);
			long unit = value.endsWith("h") ? 3_600 : value.endsWith("m") ? 60 : 1;
			return Duration.ofMillis(amount * unit);
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("not a duration: '" + text + "' (use 30s, 500ms, 2m)", ex);
		}
	}

}
