package dev.baton.demo.chaos;

import java.util.List;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GateStateTests {

	@Test
	void theLastCommandUnderEachKeyDecidesAndATombstoneRemovesTheGate() {
		List<ConsumerRecord<String, String>> commands = List.of(record("orders/127.0.0.1:9001/DEPLOY", false),
				record("orders/127.0.0.1:9002/DEPLOY", false), record("orders/127.0.0.1:9001/DEPLOY", true),
				record("orders/127.0.0.1:9003/ADMIN", false), record("orders/127.0.0.1:9003/ADMIN", null),
				record("orders/127.0.0.1:9002/HEALTH", false));
		assertThat(GateState.closed(commands)).containsExactly("orders/127.0.0.1:9002/DEPLOY",
				"orders/127.0.0.1:9002/HEALTH");
	}

	@Test
	void aRecordThatIsNotJsonIsNoGate() {
		ConsumerRecord<String, String> poison = new ConsumerRecord<>("baton.nginx.commands", 0, 0, "x/DEPLOY",
				"not json");
		assertThat(GateState.closed(List.of(poison))).isEmpty();
	}

	private static ConsumerRecord<String, String> record(String key, Boolean open) {
		String value = (open != null) ? "{\"type\":\"SetPeerGate\",\"open\":" + open + "}" : null;
		return new ConsumerRecord<>("baton.nginx.commands", 0, 0, key, value);
	}

}
