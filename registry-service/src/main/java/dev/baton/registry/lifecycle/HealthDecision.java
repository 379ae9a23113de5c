package dev.baton.registry.lifecycle;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import dev.baton.contracts.RecordPosition;
import dev.baton.contracts.ServiceName;
import dev.baton.contracts.health.HealthStatus;
import dev.baton.contracts.health.VerdictIssued;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;
import dev.baton.contracts.registry.ObservedHealth;
import dev.baton.registry.versions.ExpectedVersions;

/**
 * The rules for what an instance's health does: a verdict updates the last health seen
 * and moves a registered instance to pre-online (or online, where its service is
 * auto-online). A healthy verdict on a version the service does not expect moves nothing
 * and keeps the HEALTH gate closed, with the reason on the snapshot; when the service's
 * expected versions change, the same rules judge each instance's last verdict again.
 */
final class HealthDecision {

	private final RegisteredInstances fleet;

	private final Predicate<ServiceName> autoOnline;

	private final ExpectedVersions expected;

	HealthDecision(RegisteredInstances fleet, Predicate<ServiceName> autoOnline, ExpectedVersions expected) {
		this.fleet = fleet;
		this.autoOnline = autoOnline;
		this.expected = expected;
	}

	Change verdict(InstanceSnapshot instance, VerdictIssued verdict, RecordPosition position) {
		ObservedHealth health = new ObservedHealth(verdict.status(), verdict.version(), verdict.reason(),
				verdict.probedAt(), position);
		return judge(instance, health, "health-service", (verdict.status() + " " + verdict.reason()).trim(),
				"first HEALTHY");
	}

	/**
	 * Judges an instance's last verdict again, against what its service expects now.
	 * @param instance a registered instance
	 * @return the change, or empty when the verdict is judged as it was
	 */
	Optional<Change> reconsider(InstanceSnapshot instance) {
		ObservedHealth health = instance.lastHealth();
		if (health == null || refusal(instance, health).equals(instance.versionRefusal())) {
			return Optional.empty();
		}
		String now = this.expected.describe(instance.service());
		return Optional
			.of(judge(instance, health, "registry-service", now, "first HEALTHY on an expected version: " + now));
	}

	private Change judge(InstanceSnapshot instance, ObservedHealth health, String actor, String reason,
			String firstHealthy) {
		String refusal = refusal(instance, health);
		if (!refusal.isEmpty()) {
			return this.fleet.transition(instance, instance.lifecycle(), health, refusal, instance.decidedBy(), actor,
					refusal);
		}
		if (health.status() != HealthStatus.HEALTHY || instance.lifecycle() != Lifecycle.REGISTERED) {
			return this.fleet.transition(instance, instance.lifecycle(), health, "", instance.decidedBy(), actor,
					reason);
		}
		Change preOnline = this.fleet.transition(instance, Lifecycle.PRE_ONLINE, health, "", "", actor, firstHealthy);
		if (!this.autoOnline.test(instance.service())) {
			return preOnline;
		}
		Change online = this.fleet.transition(preOnline.after(), Lifecycle.ONLINE, health, "", "auto-online",
				"auto-online", firstHealthy + "; the service is auto-online");
		return new Change(instance, online.after(),
				List.of(preOnline.transitions().get(0), online.transitions().get(0)), "auto-online", online.reason());
	}

	/**
	 * Only a healthy verdict is judged by its version: an unhealthy one closes the gate
	 * anyway.
	 */
	private String refusal(InstanceSnapshot instance, ObservedHealth health) {
		return (health.status() == HealthStatus.HEALTHY)
				? this.expected.refusal(instance.service(), health.version()).orElse("") : "";
	}

}
