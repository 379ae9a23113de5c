package dev.baton.kafka;

import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A sample of a message type, built from its record components alone: the same
 * placeholder for every component of a kind the contracts use (a path for a text named
 * like one), a nested record built the same way. It is never sent: a service runs a
 * type's code on it once before its first real message.
 */
final class ContractSamples {

	/** Valid as every name, id, version and host name the contracts check. */
	private static final String TEXT = "warm-up";

	/** For a text component whose name ends in "Path". */
	private static final String PATH = "/" + TEXT;

	private ContractSamples() {
	}

	/**
	 * A sample of a type.
	 * @param type a message type
	 * @return the sample; empty when the type's own checks refuse the placeholders
	 */
	static Optional<Object> of(Class<?> type) {
		try {
			return Optional.of(sample(type, false));
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			// an optional number may only go with some values of the others (a gate's
			// weight with the DEPLOY gate): left out, as hand-written JSON leaves it
			try {
				return Optional.of(sample(type, true));
			}
			catch (ReflectiveOperationException | RuntimeException again) {
				return Optional.empty();
			}
		}
	}

	private static Object sample(Class<?> type, boolean optionalNumbersLeftOut) throws ReflectiveOperationException {
		if (type == String.class) {
			return TEXT;
		}
		if ((type == Integer.class || type == Long.class) && optionalNumbersLeftOut) {
			return null;
		}
		if (type == int.class || type == Integer.class) {
			return 1;
		}
		if (type == long.class || type == Long.class) {
			return 1L;
		}
		if (type == boolean.class || type == Boolean.class) {
			return false;
		}
		if (type == Instant.class) {
			return Instant.EPOCH;
		}
		if (type == Duration.class) {
			return Duration.ofSeconds(1);
		}
		if (type.isEnum()) {
			return type.getEnumConstants()[0];
		}
		if (type == List.class) {
			return List.of();
		}
		if (type == Map.class) {
			return Map.of();
		}
		if (type.isRecord()) {
			RecordComponent[] components = type.getRecordComponents();
			Class<?>[] types = new Class<?>[components.length];
			Object[] values = new Object[components.length];
			for (int i = 0; i < components.length; i++) {
				types[i] = components[i].getType();
				values[i] = (types[i] == String.class && components[i].getName().endsWith("Path")) ? PATH
						: sample(types[i], optionalNumbersLeftOut);
			}
			return type.getDeclaredConstructor(types).newInstance(values);
		}
		throw new IllegalArgumentException("no placeholder for " + type.getName());
	}

}
