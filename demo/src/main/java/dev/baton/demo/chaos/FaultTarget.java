package dev.baton.demo.chaos;

import java.util.List;

/**
 * What a fault hits: one of Baton's four services (killed with {@code kill -9} and
 * started again 3 s later with the same command line), the broker (paused with SIGSTOP
 * for 20 s) or the nginx that nginx-control manages (master and workers killed); or the
 * only nginx node lost for longer than a drain may take (its nginx-control killed and
 * started again only after the drain timeout).
 */
public enum FaultTarget {

	REGISTRY("registry-service", 7101, "Started RegistryApplication"),
	HEALTH("health-service", 7102, "restart steps still await a verdict"),
	NGINX_CONTROL("nginx-control-service", 7103, "rebuilt its desired state from"),
	DEPLOYER("deployer-service", 7104, "taking deploy requests"), BROKER("kafka", 0, ""), NGINX("nginx", 0, ""),
	NODE_LOST("nginx-control-service", 7103, "rebuilt its desired state from");

	/** Baton's four services, in the order the stack is checked and repaired. */
	public static final List<FaultTarget> SERVICES = List.of(REGISTRY, HEALTH, NGINX_CONTROL, DEPLOYER);

	private final String process;

	private final int port;

	private final String ready;

	FaultTarget(String process, int port, String ready) {
		this.process = process;
		this.port = port;
		this.ready = ready;
	}

	/**
	 * What a service logs once it does its part of a running deploy again: its readers
	 * positioned and its outstanding work rebuilt.
	 * @return the words of that log line
	 */
	public String ready() {
		return this.ready;
	}

	/**
	 * The name the stack's scripts know the process by (its pid file, its log).
	 * @return the name
	 */
	public String process() {
		return this.process;
	}

	/**
	 * The service's loopback port, which answers {@code /actuator/health}.
	 * @return the port, 0 for what is not one of Baton's services
	 */
	int port() {
		return this.port;
	}

	boolean isService() {
		return this.port != 0;
	}

	/**
	 * What the fault does, as the table says it.
	 * @return the label
	 */
	String action() {
		return switch (this) {
			case BROKER -> "SIGSTOP broker 20 s";
			case NGINX -> "kill -9 nginx (master and workers)";
			case NODE_LOST -> "kill -9 nginx-control-service, down past the drain timeout";
			default -> "kill -9 " + this.process;
		};
	}

}
