package dev.baton.kafka;

import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import dev.baton.contracts.deploy.DeployStarted;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.nginx.PeerDrained;
import dev.baton.contracts.nginx.SetPeerGate;
import dev.baton.contracts.registration.InstanceRegistered;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every message type Baton sends or reads gets its JSON built, and run once on a sample,
 * ahead of its first message.
 */
class ContractJsonTests {

	@Test
	void preparesEveryConcreteMessageTypeOfEveryTopicOnce() {
		Map<Class<?>, Boolean> prepared = new ContractJson(JsonMapper.builder().build()).prepare();

		assertThat(prepared.keySet())
			.contains(InstanceRegistered.class, VerdictIssued.class, SetPeerGate.class, PeerDrained.class,
					DeployStarted.class)
			.allSatisfy((type) -> assertThat(type.isInterface()).as(type.getName()).isFalse());
	}

	@Test
	void everyMessageTypesSampleComesBackFromJsonEqualToItself() {
		Map<Class<?>, Boolean> prepared = new ContractJson(JsonMapper.builder().build()).prepare();

		assertThat(prepared).isNotEmpty()
			.allSatisfy((type, roundTrips) -> assertThat(roundTrips).as(type.getName()).isTrue());
	}

}
