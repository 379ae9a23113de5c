package dev.baton.cli;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;

/**
 * Asks the cluster for its brokers before a command's first use of Kafka. Producers and
 * consumers wait as patiently for a broker that is not there as for a topic that is
 * missing, and fail the same way; a broker that answers this (it needs no ACL) is there,
 * so a later failure is the command's, not the bus's.
 */
final class BrokerProbe {

	private BrokerProbe() {
	}

	/**
	 * Returns once a broker has answered.
	 * @param connection the installation
	 * @throws KafkaUnavailable when no broker answers within the connection's timeout, or
	 * one refuses the credentials
	 */
	static void reach(Connection connection) {
		Duration timeout = connection.connectTimeout();
		Map<String, Object> settings = new HashMap<>(connection.kafka());
		settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
		settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
		try (Admin admin = Admin.create(settings)) {
			admin.describeCluster().nodes().get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof AuthenticationException refused) {
				throw KafkaUnavailable.refused(connection.bootstrapServers(), refused);
			}
			throw KafkaUnavailable.unreachable(connection.bootstrapServers(), timeout, ex.getCause());
		}
		catch (TimeoutException ex) {
			throw KafkaUnavailable.unreachable(connection.bootstrapServers(), timeout, ex);
		}
		catch (KafkaException ex) {
			// no client without a bootstrap server whose name resolves
			Throwable cause = ex;
			while (cause.getCause() != null) {
				cause = cause.getCause();
			}
			throw KafkaUnavailable.unreachable(connection.bootstrapServers(), null, cause);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while reaching Kafka", ex);
		}
	}

}
