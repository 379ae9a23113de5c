package dev.baton.deployer.config;

/**
 * Who runs a service's instances, and so how the deployer restarts them and tells whether
 * they still run.
 */
public enum RuntimeKind {

	/** Argv templates: restart (or stop and start) and an optional check. */
	COMMAND,

	/** supervisord's XML-RPC API. */
	SUPERVISORD,

	/** {@code systemctl}. */
	SYSTEMD

}
