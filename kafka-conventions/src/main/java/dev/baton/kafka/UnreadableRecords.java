package dev.baton.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import org.springframework.core.log.LogAccessor;
import org.springframework.kafka.support.serializer.DeserializationException;
import org.springframework.kafka.support.serializer.SerializationUtils;

/**
 * Why a record's value or key could not be read, as the error-handling deserializers
 * leave it in its headers: for readers that see such records themselves (a read-back, a
 * batch listener) rather than through the error handler.
 */
public final class UnreadableRecords {

	private static final LogAccessor headerLog = new LogAccessor(UnreadableRecords.class);

	private UnreadableRecords() {
	}

	/**
	 * The failure of a record that could not be read.
	 * @param record the record
	 * @return the value's failure, else the key's, or null for a readable record
	 */
	public static DeserializationException failure(ConsumerRecord<?, ?> record) {
		DeserializationException value = SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.VALUE_DESERIALIZER_EXCEPTION_HEADER, headerLog);
		return (value != null) ? value : SerializationUtils.getExceptionFromHeader(record,
				SerializationUtils.KEY_DESERIALIZER_EXCEPTION_HEADER, headerLog);
	}

}
