package dev.baton.health.config;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The few threads every probe shares, whatever the number of instances: those that
 * complete HTTP exchanges and those that look up host names. Kept out of the context as
 * plain executors so that Spring's own task executor stays what it is.
 */
final class ProbeThreads implements AutoCloseable {

	private final ExecutorService completion;

	private final ExecutorService resolver;

	ProbeThreads(int completionThreads, int resolverThreads) {
		this.completion = threads("baton-probe-http-", completionThreads);
		this.resolver = threads("baton-probe-dns-", resolverThreads);
	}

	private static ExecutorService threads(String prefix, int count) {
		AtomicInteger created = new AtomicInteger();
		return Executors.newFixedThreadPool(count, (task) -> {
			Thread thread = new Thread(task, prefix + created.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	ExecutorService completion() {
		return this.completion;
	}

	ExecutorService resolver() {
		return this.resolver;
	}

	@Override
	public void close() {
		this.completion.shutdownNow();
		this.resolver.shutdownNow();
	}

}
