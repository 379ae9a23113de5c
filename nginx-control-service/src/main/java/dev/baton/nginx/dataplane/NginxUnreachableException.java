package dev.baton.nginx.dataplane;

/**
 * The control endpoint did not answer: nginx is down or restarting. The desired state is
 * kept and pushed again once nginx answers.
 */
public class NginxUnreachableException extends RuntimeException {

	public NginxUnreachableException(String message, Throwable cause) {
		super(message, cause);
	}

}
