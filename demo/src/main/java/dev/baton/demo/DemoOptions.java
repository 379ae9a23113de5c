package dev.baton.demo;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Where the stack runs and how hard to push it.
 *
 * @param root the checkout
 * @param run the stack's runtime directory (tokens, logs, supervisor config)
 * @param service the demo service
 * @param nginx nginx's route to the service
 * @param kafka Kafka bootstrap servers
 * @param rate requests per second during every scenario
 * @param settle load before and after each scenario's action
 * @param reportDirectory where the report goes
 * @param console the ops console's address when the stack goes on running after the run
 * ({@code ./baton demo --keep}), for the report to link to; null otherwise
 * @param quick CI's short run ({@code --short}): shorter settles, and no scenario that
 * lasts as long as the streams it waits for
 */
public record DemoOptions(Path root, Path run, String service, URI nginx, String kafka, double rate, Duration settle,
		Path reportDirectory, URI console, boolean quick) {

	public static DemoOptions parse(String... args) {
		Map<String, String> values = new HashMap<>();
		for (int i = 0; i < args.length; i++) {
			if (args[i].equals("--short") || args[i].equals("--clocks")) {
				values.put(args[i], "true");
			}
			else if (i + 1 < args.length) {
				values.put(args[i], args[++i]);
			}
			else {
				throw new IllegalArgumentException("missing a value after " + args[i]);
			}
		}
		Path run = Path.of(values.getOrDefault("--run", ".baton"));
		boolean quick = values.containsKey("--short");
		return new DemoOptions(Path.of(values.getOrDefault("--root", ".")), run,
				values.getOrDefault("--service", "orders"),
				URI.create(values.getOrDefault("--nginx", "http://127.0.0.1:8080")),
				values.getOrDefault("--kafka", "127.0.0.1:9092"),
				Double.parseDouble(values.getOrDefault("--rate", "300")), Duration.ofSeconds(quick ? 2 : 5),
				Path.of(values.getOrDefault("--report", run.resolve("report").toString())),
				values.containsKey("--console") ? URI.create(values.get("--console")) : null, quick);
	}

}
