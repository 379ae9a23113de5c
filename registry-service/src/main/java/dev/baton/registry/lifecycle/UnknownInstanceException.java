package dev.baton.registry.lifecycle;

/**
 * A command names an instance the registry does not know (or that was deregistered).
 */
public class UnknownInstanceException extends IllegalArgumentException {

	public UnknownInstanceException(String message) {
		super(message);
	}

}
