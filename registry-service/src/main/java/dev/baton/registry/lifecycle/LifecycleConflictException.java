package dev.baton.registry.lifecycle;

/**
 * A command that the instance's current lifecycle does not allow, such as approving an
 * instance that was never healthy.
 */
public class LifecycleConflictException extends IllegalArgumentException {

	public LifecycleConflictException(String message) {
		super(message);
	}

}
