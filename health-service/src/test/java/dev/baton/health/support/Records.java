package dev.baton.health.support;

import java.time.Instant;

/**
 * Registry snapshots and deploy steps as hand-written JSON, the way any producer would
 * publish them.
 */
public final class Records {

	private Records() {
	}

	public static String snapshot(String instanceId, String host, int port, String lifecycle, long revision) {
		return "{\"type\":\"InstanceSnapshot\",\"instanceId\":\"" + instanceId + "\",\"service\":\"orders\",\"host\":\""
				+ host + "\",\"port\":" + port + ",\"version\":\"v1\",\"healthPath\":\"/health\",\"lifecycle\":\""
				+ lifecycle + "\",\"revision\":" + revision + ",\"updatedAt\":\"" + Instant.now() + "\"}";
	}

	public static String registered(String instanceId, int port) {
		return snapshot(instanceId, "127.0.0.1", port, "REGISTERED", 1);
	}

	public static String restartStarted(String instanceId, int port, String stepId, long healthTimeoutMillis) {
		return "{\"type\":\"InstanceRestartStarted\",\"deployId\":\"deploy-1\",\"service\":\"orders\",\"instanceId\":\""
				+ instanceId + "\",\"host\":\"127.0.0.1\",\"port\":" + port + ",\"phase\":\"ROLLOUT\",\"stepId\":\""
				+ stepId + "\",\"version\":\"v2\",\"healthTimeoutMillis\":" + healthTimeoutMillis + ",\"at\":\""
				+ Instant.now() + "\"}";
	}

	public static String restarted(String instanceId, int port, String stepId, long healthTimeoutMillis) {
		return restarted(instanceId, port, stepId, healthTimeoutMillis, Instant.now());
	}

	public static String restarted(String instanceId, int port, String stepId, long healthTimeoutMillis, Instant at) {
		return "{\"type\":\"InstanceRestarted\",\"deployId\":\"deploy-1\",\"service\":\"orders\",\"instanceId\":\""
				+ instanceId + "\",\"host\":\"127.0.0.1\",\"port\":" + port + ",\"phase\":\"ROLLOUT\",\"stepId\":\""
				+ stepId + "\",\"version\":\"v2\",\"exitCode\":0,\"stderr\":\"\",\"healthTimeoutMillis\":"
				+ healthTimeoutMillis + ",\"at\":\"" + at + "\"}";
	}

	public static String verified(String instanceId, String stepId) {
		return "{\"type\":\"InstanceVerified\",\"deployId\":\"deploy-1\",\"service\":\"orders\",\"instanceId\":\""
				+ instanceId + "\",\"phase\":\"ROLLOUT\",\"stepId\":\"" + stepId + "\",\"version\":\"v2\",\"at\":\""
				+ Instant.now() + "\"}";
	}

}
