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
		if (topic.equals(this.nginxCommandsTopic) && key instanceof String gateKey) {
			return partitionOf(gateKey, partitions);
		}
		return (keyBytes != null) ? Utils.toPositive(Utils.murmur2(keyBytes)) % partitions : 0;
	}

	/**
	 * The partition of {@code nginx.commands} a gate command belongs on: its peer's.
	 * @param gateKey the record key, {@code service/host:port/GATE}
	 * @param partitions how many partitions the topic has
	 * @return the partition
	 */
	public static int partitionOf(String gateKey, int partitions) {
		int gate = gateKey.lastIndexOf('/');
		String peer = (gate > 0) ? gateKey.substring(0, gate) : gateKey;
		return Utils.toPositive(Utils.murmur2(peer.getBytes(StandardCharsets.UTF_8))) % partitions;
	}

	@Override
	public void close() {
	}

}
