package dev.baton.deployer.rollout;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.MDC;

import dev.baton.contracts.DeployId;
import dev.baton.contracts.InstanceId;
import dev.baton.contracts.ServiceName;

/**
 * Names a deploy, and the instance being worked on, in the logging context (SLF4J's MDC)
 * of the thread doing the work, so every line logged for a deploy carries its id: as
 * fields of structured JSON logs, or through {@code %X} in a text pattern. Closing it
 * removes exactly what it put.
 */
public final class DeployLogContext implements AutoCloseable {

	/** MDC key of the deploy id. */
	public static final String DEPLOY_ID = "deployId";

	/** MDC key of the service being deployed. */
	public static final String SERVICE = "service";

	/** MDC key of the instance a step is about. */
	public static final String INSTANCE = "instance";

	private final List<String> keys = new ArrayList<>();

	private DeployLogContext() {
	}

	/**
	 * Puts a deploy in the current thread's logging context.
	 * @param deployId the deploy
	 * @param service the service it deploys
	 * @return what removes them again
	 */
	public static DeployLogContext deploy(DeployId deployId, ServiceName service) {
		return new DeployLogContext().put(DEPLOY_ID, deployId.value()).put(SERVICE, service.value());
	}

	/**
	 * Puts an instance in the current thread's logging context.
	 * @param instanceId the instance, or {@code null} when the work is about none
	 * @return what removes it again
	 */
	public static DeployLogContext instance(InstanceId instanceId) {
		DeployLogContext context = new DeployLogContext();
		return (instanceId != null) ? context.put(INSTANCE, instanceId.value()) : context;
	}

	private DeployLogContext put(String key, String value) {
		MDC.put(key, value);
		this.keys.add(key);
		return this;
	}

	@Override
	public void close() {
		this.keys.forEach(MDC::remove);
	}

}
