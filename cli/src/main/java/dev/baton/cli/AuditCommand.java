package dev.baton.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.Callable;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The audit trail: who did what, when and why, from every service, in the order it
 * happened.
 */
@Command(name = "audit", description = "Print the audit trail in the order it happened (optionally following it).")
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
			kafka.readToEnd("audit", from)
				.stream()
				.map(AuditEntry::of)
				.filter(Objects::nonNull)
				.sorted(AuditEntry.TIME_ORDER)
				.forEach((entry) -> print(out, entry));
			if (this.follow) {
				try (KafkaConsumer<String, String> consumer = kafka.reader("audit", false)) {
					while (!Thread.currentThread().isInterrupted()) {
						for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
							AuditEntry entry = AuditEntry.of(record);
							if (entry != null) {
								print(out, entry);
							}
						}
					}
				}
			}
		}
		return ExitCode.OK;
	}

	private void print(PrintWriter out, AuditEntry entry) {
		if (this.service != null && !this.service.equals(entry.event().path("details").path("service").asString())
				&& !entry.text("subject").startsWith(this.service)) {
			return;
		}
		if (this.json) {
			out.println(entry.record().value());
			return;
		}
		out.printf("%s %-16s %-22s %-24s by %s%s%n", entry.at(), entry.text("source"), entry.text("subject"),
				entry.text("action"), entry.text("actor"),
				entry.text("reason").isBlank() ? "" : ": " + entry.text("reason"));
		out.flush();
	}

}
