package dev.baton.contracts.operation;

import java.time.Instant;
import java.util.Objects;

import dev.baton.contracts.CommandId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;

/**
 * An operator's decision about one instance: approve it, take it offline, or bring it
 * back.
 *
 * <pre>
 * {"type":"OperateInstance","service":"orders","instanceId":"orders-1","action":"APPROVE","by":"alice"}
 * </pre>
 *
 * @param id identifies this command; generated when absent
 * @param service the instance's service
 * @param instanceId the instance
 * @param action what to do
 * @param by who decided
 * @param reason why, for the audit trail
 * @param at when; now when absent
 */
public record OperateInstance(CommandId id, ServiceName service, InstanceId instanceId, OperatorAction action,
		String by, String reason, Instant at) implements OperationMessage {

	public OperateInstance {
		Objects.requireNonNull(service, "service is required");
		Objects.requireNonNull(instanceId, "instanceId is required");
		Objects.requireNonNull(action, "action is required (APPROVE, OFFLINE or ONLINE)");
		id = (id != null) ? id : CommandId.random();
		by = (by != null) ? by : "operator";
		reason = (reason != null) ? reason : "";
		at = (at != null) ? at : Instant.now();
	}

}
