package dev.baton.registry.lifecycle;

import java.util.Optional;

import dev.baton.contracts.operation.OperateInstance;
import dev.baton.contracts.registry.InstanceSnapshot;
import dev.baton.contracts.registry.Lifecycle;

/**
 * The rules for an operator's command: approve a pre-online instance, take an instance
 * offline, bring an offline one back. Repeating a command that already holds changes
 * nothing.
 */
final class OperatorDecision {

	private final RegisteredInstances fleet;

	private final OperateInstance command;

	OperatorDecision(RegisteredInstances fleet, OperateInstance command) {
		this.fleet = fleet;
		this.command = command;
	}

	Optional<Change> decide() {
		InstanceSnapshot instance = this.fleet.live(this.command.instanceId())
			.filter((snapshot) -> snapshot.service().equals(this.command.service()))
			.orElseThrow(() -> new UnknownInstanceException(
					"no registered instance " + this.command.instanceId() + " in service " + this.command.service()));
		Lifecycle now = instance.lifecycle();
		if (now == Lifecycle.LEAVING) {
			throw conflict("it is leaving: deregistered, and out of rotation until every nginx node drained it");
		}
		Lifecycle target = switch (this.command.action()) {
			case APPROVE -> approve(now);
			case OFFLINE -> Lifecycle.OFFLINE;
			case ONLINE -> online(now);
		};
		if (target == now) {
			return Optional.empty();
		}
		return Optional.of(this.fleet.transition(instance, target, instance.lastHealth(), this.command.by(),
				this.command.by(), this.command.action() + " " + this.command.reason()));
	}

	private Lifecycle approve(Lifecycle now) {
		return switch (now) {
			case PRE_ONLINE, ONLINE -> Lifecycle.ONLINE;
			case REGISTERED ->
				throw conflict("it has not been healthy yet; approve it after its first HEALTHY verdict");
			default -> throw conflict("it is " + now + "; use ONLINE to bring an offline instance back");
		};
	}

	private Lifecycle online(Lifecycle now) {
		return switch (now) {
			case OFFLINE, ONLINE -> Lifecycle.ONLINE;
			default -> throw conflict("it is " + now + " and was never approved; use APPROVE");
		};
	}

	private LifecycleConflictException conflict(String why) {
		return new LifecycleConflictException(
				"cannot " + this.command.action() + " " + this.command.instanceId() + ": " + why);
	}

}
