package dev.baton.contracts.operation;

/**
 * What an operator may decide about an instance.
 */
public enum OperatorAction {

	/** Let a pre-online instance (healthy, not yet serving) go online. */
	APPROVE,

	/** Take an online instance out of rotation without deregistering it. */
	OFFLINE,

	/** Put an offline instance back into rotation. */
	ONLINE

}
