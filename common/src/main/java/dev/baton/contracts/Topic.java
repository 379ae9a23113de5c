package dev.baton.contracts;

import dev.baton.contracts.audit.AuditMessage;
import dev.baton.contracts.deploy.DeployRequest;
import dev.baton.contracts.deploy.DeployStep;
import dev.baton.contracts.health.HealthVerdictMessage;
import dev.baton.contracts.nginx.NginxCommand;
import dev.baton.contracts.nginx.NginxEvent;
import dev.baton.contracts.operation.OperationMessage;
import dev.baton.contracts.registration.RegistrationMessage;
import dev.baton.contracts.registry.RegistryStateMessage;

/**
 * Baton's topics. Names are a configurable prefix ({@code baton.} by default) followed by
 * the suffix here; the cleanup policy belongs to the topic, whichever service declares
 * it.
 */
public enum Topic {

	/** Register / deregister events, keyed by service. */
	REGISTRATIONS("registrations", false, RegistrationMessage.class),

	/**
	 * One snapshot per instance, keyed by instance id: the fleet as the registry sees it.
	 */
	REGISTRY_STATE("registry.state", true, RegistryStateMessage.class),

	/** Health verdicts, keyed by instance id. */
	HEALTH_VERDICTS("health.verdicts", false, HealthVerdictMessage.class),

	/**
	 * Desired gate states, keyed by {@code service/host:port/gate}: the latest record
	 * wins.
	 */
	NGINX_COMMANDS("nginx.commands", true, NginxCommand.class),

	/** What nginx nodes did: applied, drained, rejected, heartbeats; keyed by service. */
	NGINX_EVENTS("nginx.events", false, NginxEvent.class),

	/** Deploy and cancel requests from CI, keyed by service. */
	DEPLOY_REQUESTS("deploy.requests", false, DeployRequest.class),

	/** Every step of every deploy, keyed by service. */
	DEPLOY_STEPS("deploy.steps", false, DeployStep.class),

	/** Who did what, when and why; keyed by subject, kept long. */
	AUDIT("audit", false, AuditMessage.class),

	/**
	 * Operators' decisions about instances (approve, offline, online), keyed by service:
	 * a topic of their own, so that the broker's ACLs decide who may take them.
	 */
	OPERATIONS("operations", false, OperationMessage.class);

	/** Appended to a topic's name to name its dead-letter topic. */
	public static final String DEAD_LETTER_SUFFIX = "-dlt";

	/** The prefix used when none is configured. */
	public static final String DEFAULT_PREFIX = "baton.";

	private final String suffix;

	private final boolean compacted;

	private final Class<?> messageType;

	Topic(String suffix, boolean compacted, Class<?> messageType) {
		this.suffix = suffix;
		this.compacted = compacted;
		this.messageType = messageType;
	}

	/**
	 * The topic's full name.
	 * @param prefix the installation's prefix, such as {@code baton.}
	 * @return the name
	 */
	public String nameWith(String prefix) {
		return prefix + this.suffix;
	}

	/**
	 * The name of this topic's dead-letter topic.
	 * @param prefix the installation's prefix
	 * @return the name
	 */
	public String deadLetterNameWith(String prefix) {
		return nameWith(prefix) + DEAD_LETTER_SUFFIX;
	}

	public String suffix() {
		return this.suffix;
	}

	/**
	 * Whether the topic holds a state (the latest record per key wins) rather than a
	 * history.
	 * @return true for compacted topics
	 */
	public boolean compacted() {
		return this.compacted;
	}

	/**
	 * The sealed interface every record value on this topic deserializes to.
	 * @return the message type
	 */
	public Class<?> messageType() {
		return this.messageType;
	}

}
