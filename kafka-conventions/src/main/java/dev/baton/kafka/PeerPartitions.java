package dev.baton.kafka;

/**
 * Refuses a gate command that does not lie on its peer's partition of
 * {@code nginx.commands}. Baton's services write every gate of a peer to one partition
 * ({@link PeerPartitioner}), and only there is the order of a peer's commands the order
 * they were made in. A command any other client wrote elsewhere is read before or after
 * them depending on how the partitions interleave: at a node's start-up it could bring
 * back a peer that was removed after it. Refused, it is dead-lettered with its reason,
 * live and at start-up alike, by every reader that acts on gate commands (nginx-control
 * and the registry's read-back of its own gates), so they all hold the same gates.
 */
public final class PeerPartitions {

	private final String topic;

	private final int partitions;

	/**
	 * @param topic the topic's name, for the reason
	 * @param partitions how many partitions it has
	 */
	public PeerPartitions(String topic, int partitions) {
		if (partitions < 1) {
			throw new IllegalArgumentException(topic + " has no partitions");
		}
		this.topic = topic;
		this.partitions = partitions;
	}

	/**
	 * Checks where a gate command lies.
	 * @param key the record key
	 * @param partition the partition it was read from
	 * @throws RejectedMessageException when it lies on another partition than its peer's
	 */
	public void require(String key, int partition) {
		int expected = PeerPartitioner.partitionOf(key, this.partitions);
		if (partition != expected) {
			throw new RejectedMessageException("gate command " + key + " lies on partition " + partition + " of "
					+ this.topic + ", not on its peer's partition " + expected
					+ ": read beside the peer's other gate commands, it could undo a newer one");
		}
	}

}
