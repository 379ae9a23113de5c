package dev.baton.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Utils;

/**
 * Partitions by record key as Kafka does, except on {@code nginx.commands}, whose keys
 * name one gate of a peer ({@code service/host:port/GATE}): there all gates of a peer
 * share a partition, so every reader sees a peer's gate changes in the order they were
 * made.
 */
public class PeerPartitioner implements Partitioner {

	/** Producer config entry naming the nginx commands topic of this installation. */
	static final String NGINX_COMMANDS_TOPIC = "baton.nginx-commands-topic";

	private String nginxCommandsTopic = "";

	@Override
	public void configure(Map<String, ?> configs) {
		Object topic = configs.get(NGINX_COMMANDS_TOPIC);
		this.nginxCommandsTopic = (topic != null) ? topic.toString() : "";
	}

	@Override
	public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
		int partitions = cluster.partitionsForTopic(topic).size();
		byte[] bytes = keyBytes;
		if (topic.equals(this.nginxCommandsTopic) && key instanceof String gateKey && gateKey.lastIndexOf('/') > 0) {
			bytes = gateKey.substring(0, gateKey.lastIndexOf('/')).getBytes(StandardCharsets.UTF_8);
		}
		return (bytes != null) ? Utils.toPositive(Utils.murmur2(bytes)) % partitions : 0;
	}

	@Override
	public void close() {
	}

}
