package dev.baton.deployer.rollout;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;
import dev.baton.logging.LogContext;

/**
 * Names a deploy, and the instance being worked on, in the logging context of the thread
 * doing the work, so every line logged for a deploy carries its id: as fields of
 * structured JSON logs, or through {@code %X} in a text pattern.
 */
public final class DeployLogContext {

	/** MDC key of the deploy id. */
	private static final String DEPLOY_ID = "deployId";

	private DeployLogContext() {
	}

	/**
	 * Puts a deploy in the current thread's logging context.
	 * @param deployId the deploy, or {@code null} for a request that names only its
	 * service
	 * @param service the service it deploys
	 * @return what removes them again
	 */
	public static LogContext deploy(DeployId deployId, ServiceName service) {
		return LogContext.empty()
			.put(DEPLOY_ID, (deployId != null) ? deployId.value() : null)
			.put(LogContext.SERVICE, service.value());
	}

	/**
	 * Puts an instance in the current thread's logging context.
	 * @param instanceId the instance, or {@code null} when the work is about none
	 * @return what removes it again
	 */
	public static LogContext instance(InstanceId instanceId) {
		return LogContext.empty().put(LogContext.INSTANCE, (instanceId != null) ? instanceId.value() : null);
	}

}
