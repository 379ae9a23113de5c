package dev.baton.demo.attacks;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AttackTableTests {

	private static final Attack GATE = new Attack("SetPeerGate written to nginx.commands", "app", (surface) -> null);

	@Test
	void anAttackPassesOnlyWhenRefusedWithNginxUnchangedAndNoRequestLost() {
		Attempt refused = Attempt.refused("broker", "Not authorized to access topics: [baton.nginx.commands]");
		assertThat(new AttackResult(GATE, refused, true, "", 0, 0).pass()).isTrue();
		assertThat(new AttackResult(GATE, refused, false, "[a, b] → [a]", 0, 0).pass()).isFalse();
		assertThat(new AttackResult(GATE, refused, true, "", 0, 1).pass()).isFalse();
		assertThat(new AttackResult(GATE, Attempt.accepted("app wrote to nginx.commands"), true, "", 0, 0).pass())
			.isFalse();
	}

	@Test
	void anAttackOfSeveralPartsIsRefusedOnlyWhenEveryPartIs() {
		Attempt broker = Attempt.refused("broker", "not authorized");
		Attempt registry = Attempt.refused("registry", "would move it");
		assertThat(broker.and(registry))
			.isEqualTo(new Attempt(true, "broker, registry", "not authorized; would move it"));
		assertThat(broker.and(broker).by()).isEqualTo("broker");
		assertThat(broker.and(Attempt.accepted("registered")).refused()).isFalse();
		assertThat(Attempt.accepted("registered").and(broker).reason()).isEqualTo("registered");
	}

	@Test
	void rendersOneRowPerAttackSayingWhoRefusedIt() {
		String table = AttackTable.render(List.of(
				new AttackResult(GATE, Attempt.refused("broker", "Not authorized | denied"), true, "", 0, 0),
				new AttackResult(GATE, Attempt.accepted("app wrote to nginx.commands"), false, "[a] → []", 2, 1)));
		assertThat(table.lines().toList()).containsExactly(
				"| attack | as | refused by | reason | nginx's peers up | failed GET / POST | verdict |",
				"|---|---|---|---|---|---:|---|",
				"| SetPeerGate written to nginx.commands | app | broker | Not authorized \\| denied | unchanged | 0 / 0 | PASS |",
				"| SetPeerGate written to nginx.commands | app | NOT REFUSED | app wrote to nginx.commands "
						+ "| changed: [a] → [] | 2 / 1 | FAIL |");
	}

}
