package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.JsonNode;

/**
 * The audit trail: who did what, when and why, from every service.
 */
@Command(name = "audit", description = "Print the audit trail (optionally following it).")
class AuditCommand implements Callable<Integer> {

	@Mixin
	private Connection connection;

	@Spec
	private CommandSpec spec;

	@Option(names = "--follow", description = "keep printing new entries")
	private boolean follow;

	@Option(names = "--service", description = "only entries about this service")
	private String service;

	@Option(names = "--since", description = "only entries newer than this (e.g. 10m, 2h)")
	private Duration since;

	@Option(names = "--json", description = "print each entry as JSON")
	private boolean json;

	@Override
	public Integer call() {
		PrintWriter out = this.spec.commandLine().getOut();
		try (Kafka kafka = new Kafka(this.connection)) {
			Instant from = (this.since != null) ? Instant.now().minus(this.since) : null;
			kafka.readToEnd("audit", from).forEach((record) -> print(out, record));
			if (this.follow) {
				try (KafkaConsumer<String, String> consumer = kafka.reader("audit", false)) {
					while (!Thread.currentThread().isInterrupted()) {
						consumer.poll(Duration.ofMillis(500)).forEach((record) -> print(out, record));
					}
				}
			}
		}
		return ExitCode.OK;
	}

	private void print(PrintWriter out, ConsumerRecord<String, String> record) {
		JsonNode entry = Kafka.json(record);
		if (entry == null) {
			return;
		}
		if (this.service != null && !this.service.equals(entry.path("details").path("service").asString())
				&& !entry.path("subject").asString().startsWith(this.service)) {
			return;
		}
		if (this.json) {
			out.println(record.value());
			return;
		}
		out.printf("%s %-16s %-22s %-24s by %s%s%n", entry.path("at").asString(), entry.path("source").asString(),
				entry.path("subject").asString(), entry.path("action").asString(), entry.path("actor").asString(),
				entry.path("reason").asString().isBlank() ? "" : ": " + entry.path("reason").asString());
		out.flush();
	}

}
