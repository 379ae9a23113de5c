package dev.baton.kafka;

import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registration.InstanceRegistered;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every message type Baton sends or reads gets its JSON built ahead of its first message.
 */
class ContractJsonTests {

	@Test
	void preparesEveryConcreteMessageTypeOfEveryTopicOnce() {
		List<Class<?>> prepared = new ContractJson(JsonMapper.builder().build()).prepare();

		assertThat(prepared)
			.contains(InstanceRegistered.class, VerdictIssued.class, SetPeerGate.class, PeerDrained.class,
					DeployStarted.class)
			.doesNotHaveDuplicates()
			.allSatisfy((type) -> assertThat(type.isInterface()).as(type.getName()).isFalse());
	}

}
