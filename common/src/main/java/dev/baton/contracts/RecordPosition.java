package dev.baton.contracts;

/**
 * Where a record lies in its topic. Records of one key share a partition, so of two
 * records of the same key the one at the higher offset was written later, whichever
 * host's clock stamped them: this, not a time a record carries, is what orders them.
 *
 * @param partition the partition, from 0
 * @param offset the offset in that partition, from 0
 */
public record RecordPosition(int partition, long offset) {

	public RecordPosition {
		if (partition < 0) {
			throw new IllegalArgumentException("partition must be 0 or more, got " + partition);
		}
		if (offset < 0) {
			throw new IllegalArgumentException("offset must be 0 or more, got " + offset);
		}
	}

	/**
	 * Whether this record was written before another of the same key; records of
	 * different partitions (a topic whose partitions were added to) are not ordered.
	 * @param other a record of the same key
	 * @return true when both lie in one partition and this one comes first
	 */
	public boolean before(RecordPosition other) {
		return this.partition == other.partition && this.offset < other.offset;
	}

}
