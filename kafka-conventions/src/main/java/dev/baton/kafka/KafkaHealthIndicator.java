package dev.baton.kafka;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * Reports whether the service can reach its Kafka cluster: a Baton service that cannot is
 * not doing its job, whatever else is up.
 */
class KafkaHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

	private static final int TIMEOUT_MILLIS = 3000;

	private final KafkaAdmin admin;

	private AdminClient client;

	KafkaHealthIndicator(KafkaAdmin admin) {
		super("Kafka is not reachable");
		this.admin = admin;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		DescribeClusterResult cluster = client()
			.describeCluster(new DescribeClusterOptions().timeoutMs(TIMEOUT_MILLIS));
		String clusterId = cluster.clusterId().get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
		int brokers = cluster.nodes().get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).size();
		builder.up().withDetail("clusterId", clusterId).withDetail("brokers", brokers);
	}

	private synchronized AdminClient client() {
		if (this.client == null) {
			Map<String, Object> settings = this.admin.getConfigurationProperties();
			this.client = AdminClient.create(settings);
		}
		return this.client;
	}

	@Override
	public synchronized void destroy() {
		if (this.client != null) {
			this.client.close();
		}
	}

}
