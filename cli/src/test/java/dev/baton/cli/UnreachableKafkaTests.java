package dev.baton.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.baton.kafka.testing.FreePorts;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command that talks to Kafka, pointed at a loopback port nothing listens on: it
 * gives up after its connection timeout with exit 4, naming where it looked, so that CI
 * tells a bus it cannot reach from a release that failed.
 */
class UnreachableKafkaTests {

	@ParameterizedTest(name = "baton {0}")
	@ValueSource(strings = { "deploy orders v2", "deploy orders v2 --wait", "deploy orders v2 --plan", "pause orders",
			"resume orders", "cancel orders", "rollback orders", "register orders 127.0.0.1 9001 v1",
			"deregister orders --instance-id orders-1", "status", "nodes", "nodes forget edge-1", "audit",
			"acls --apply" })
	void exitsFourWithinItsConnectionTimeoutNamingTheBootstrapServers(String command) {
		String servers = "127.0.0.1:" + FreePorts.next();
		List<String> args = new ArrayList<>(List.of(command.split(" ")));
		args.addAll(List.of("--bootstrap-servers", servers, "--connect-timeout", "2s", "--config", "none.properties"));
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();

		long started = System.nanoTime();
		int code = BatonCommand.run(new PrintWriter(out, true), new PrintWriter(err, true),
				args.toArray(String[]::new));
		Duration took = Duration.ofNanos(System.nanoTime() - started);

		assertThat(code).as(err.toString()).isEqualTo(ExitCode.UNREACHABLE);
		assertThat(err.toString()).contains("baton: could not reach Kafka at " + servers + " within 2s",
				"nothing was published");
		assertThat(took).isLessThan(Duration.ofSeconds(8));
	}

}
