package dev.baton.nginx.dataplane;

/**
 * The control endpoint answered but refused the request (a bad peer line, shared memory
 * full, a wrong token): retrying the same request would not help.
 */
public class ControlRefusedException extends RuntimeException {

	public ControlRefusedException(String message) {
		super(message);
	}

}
