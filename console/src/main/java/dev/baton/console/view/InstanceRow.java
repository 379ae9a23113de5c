package dev.baton.console.view;

import java.util.Map;

/**
 * One instance as the page shows it.
 *
 * @param instanceId the instance
 * @param service its service
 * @param host its host
 * @param port its port
 * @param lifecycle its lifecycle in the registry
 * @param version the version it runs, as the registry knows it
 * @param registeredVersion the version it registered with, when it differs
 * @param health its last health verdict, or null before the first
 * @param healthVersion the version that verdict found, or null
 * @param healthReason why the verdict is not healthy, or why the registry refuses the
 * version; null when nothing is wrong
 * @param operatorGate whether the operator's gate is open (the instance is online)
 * @param healthGate whether the health gate is open
 * @param deployGate {@code open}, {@code closed}, or {@code open w<weight>} for a canary
 * @param nodes each nginx node's view of it: {@code up}, {@code down},
 * {@code draining, N in flight}, {@code drained in N ms}
 */
public record InstanceRow(String instanceId, String service, String host, int port, String lifecycle, String version,
		String registeredVersion, String health, String healthVersion, String healthReason, boolean operatorGate,
		boolean healthGate, String deployGate, Map<String, String> nodes) {

}
