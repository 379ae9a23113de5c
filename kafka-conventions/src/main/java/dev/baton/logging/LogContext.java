package dev.baton.logging;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.slf4j.MDC;

/**
 * Names the work a thread is doing (a deploy, a command, a restart step) in SLF4J's MDC
 * for as long as it lasts, so every line logged meanwhile carries it, as fields of
 * structured logs. Closing it removes exactly the keys it put: pooled threads carry
 * nothing stale.
 */
public final class LogContext implements AutoCloseable {

	/**
	 * Key of the service a piece of work is for, the same in every Baton service so one
	 * query follows it across their logs.
	 */
	public static final String SERVICE = "service";

	/** Key of the instance a piece of work is for, the same in every Baton service. */
	public static final String INSTANCE = "instance";

	/** Created by the first key put: most contexts on a hot path stay empty. */
	private List<String> keys;

	private LogContext() {
	}

	/**
	 * A context with no key yet.
	 * @return the context, to add keys to and to close once the work is done
	 */
	public static LogContext empty() {
		return new LogContext();
	}

	/**
	 * Puts a key in the current thread's MDC.
	 * @param key the key
	 * @param value its value; null puts nothing
	 * @return this context
	 */
	public LogContext put(String key, String value) {
		if (value != null) {
			MDC.put(key, value);
			if (this.keys == null) {
				this.keys = new ArrayList<>(4);
			}
			this.keys.add(key);
		}
		return this;
	}

	@Override
	public void close() {
		if (this.keys != null) {
			this.keys.forEach(MDC::remove);
		}
	}

	/**
	 * Takes the current thread's whole logging context along, for work finished on
	 * another thread (a send's completion on the producer's thread, for one).
	 * @return the captured context
	 */
	public static Carried carry() {
		return new Carried(MDC.getCopyOfContextMap());
	}

	/**
	 * A logging context captured on one thread, to run work under on another.
	 */
	public static final class Carried {

		private final Map<String, String> context;

		private Carried(Map<String, String> context) {
			this.context = (context != null) ? context : Map.of();
		}

		/**
		 * Runs work with the captured context, then restores the thread's own.
		 * @param work the work
		 */
		public void run(Runnable work) {
			Map<String, String> own = MDC.getCopyOfContextMap();
			MDC.setContextMap(this.context);
			try {
				work.run();
			}
			finally {
				MDC.setContextMap((own != null) ? own : Map.of());
			}
		}

	}

}
