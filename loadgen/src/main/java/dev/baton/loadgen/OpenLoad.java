package dev.baton.loadgen;

import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import dev.baton.loadgen.RequestMix.Method;

/**
 * Sends requests at fixed arrival times (the open model): the n-th request is due at
 * {@code start + n / rate} whether or not earlier ones were answered, so a slow or stuck
 * server cannot slow the load down and hide its failures. Latency runs from the due time,
 * not from when the request actually left. Each outstanding request has a thread of its
 * own, blocked on its connection: at 300 requests/s of 20 ms that is a handful of
 * threads.
 */
public final class OpenLoad {

	private final LoadSettings settings;

	private final AtomicBoolean stopRequested = new AtomicBoolean();

	private final OutcomeRecorder recorder = new OutcomeRecorder();

	private final RequestMix mix;

	private final Semaphore inFlight;

	private final KeepAliveClient client;

	/**
	 * Every GET is the same request: its bytes are made once, unless each names itself.
	 */
	private final byte[] getRequest;

	private final String getPath;

	private final String postPath;

	/** Where each request's line goes; {@code null} for none. */
	private final RequestLog log;

	/**
	 * Starts every request id of this run, so that ids stay unique in nginx's log across
	 * runs (a warm-up and the run after it).
	 */
	private final String idPrefix = Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36) + "-";

	public OpenLoad(LoadSettings settings) {
		this.settings = settings;
		LoopbackTarget.require(settings.target());
		this.mix = new RequestMix(settings.getWeight(), settings.postWeight());
		this.inFlight = new Semaphore(settings.maxInFlight());
		this.client = new KeepAliveClient(settings.target(), settings.connectTimeout(), settings.requestTimeout());
		this.getPath = settings.target().resolve(settings.getPath()).getRawPath();
		this.getRequest = this.client.get(this.getPath);
		this.postPath = settings.target().resolve(settings.postPath()).getRawPath();
		this.log = (settings.requestLog() != null) ? new RequestLog(settings.requestLog()) : null;
	}

	/** Ends the run after the current request; safe from any thread. */
	public void stop() {
		this.stopRequested.set(true);
	}

	/**
	 * Sends until the duration is over or {@link #stop()} is called, then waits for the
	 * outstanding answers (at most the request timeout).
	 * @return what the run saw
	 */
	public LoadResult run() {
		AtomicInteger threadCount = new AtomicInteger();
		ThreadPoolExecutor senders = new ThreadPoolExecutor(
				Math.min(this.settings.threads(), this.settings.maxInFlight()), this.settings.maxInFlight(), 30,
				TimeUnit.SECONDS, new SynchronousQueue<>(), (task) -> {
					Thread thread = new Thread(null, task, "loadgen-" + threadCount.incrementAndGet(), 256 * 1024);
					thread.setDaemon(true);
					return thread;
				});
		try (this.client; RequestLog requests = this.log) {
			Instant startedAt = Instant.now();
			long start = System.nanoTime();
			long end = send(senders, start);
			awaitOutstanding();
			return this.recorder.result(this.settings, startedAt, (end - start) / 1e9);
		}
		finally {
			senders.shutdownNow();
		}
	}

	private long send(Executor senders, long start) {
		double interval = 1e9 / this.settings.rate();
		long limit = (this.settings.duration() != null) ? this.settings.duration().toNanos() : Long.MAX_VALUE;
		long sequence = 0;
		while (!this.stopRequested.get()) {
			long offset = (long) (sequence * interval);
			if (offset >= limit) {
				return start + limit;
			}
			long due = start + offset;
			for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
				LockSupport.parkNanos(wait);
			}
			fire(senders, sequence, due, (int) (offset / 1_000_000_000L));
			sequence++;
		}
		return System.nanoTime();
	}

	private void fire(Executor senders, long sequence, long due, int second) {
		Method method = this.mix.methodOf(sequence);
		if (!this.inFlight.tryAcquire()) {
			this.recorder.failed(method, second, FailureCause.OVERLOAD);
			logFailure(sequence, method, System.currentTimeMillis(), FailureCause.OVERLOAD);
			return;
		}
		byte[] request = request(method, sequence);
		try {
			senders.execute(() -> {
				long sent = System.currentTimeMillis();
				try {
					int status = this.client.send(request);
					this.recorder.answered(method, second, status, System.nanoTime() - due);
					if (this.log != null) {
						this.log.answered(this.idPrefix + sequence, method.name(), sent, System.currentTimeMillis(),
								status);
					}
				}
				catch (IOException | RuntimeException ex) {
					String cause = FailureCause.of(ex);
					this.recorder.failed(method, second, cause);
					logFailure(sequence, method, sent, cause);
				}
				finally {
					this.inFlight.release();
				}
			});
		}
		catch (RuntimeException ex) {
			this.recorder.failed(method, second, FailureCause.of(ex));
			logFailure(sequence, method, System.currentTimeMillis(), FailureCause.of(ex));
			this.inFlight.release();
		}
	}

	private void logFailure(long sequence, Method method, long sent, String cause) {
		if (this.log != null) {
			this.log.failed(this.idPrefix + sequence, method.name(), sent, System.currentTimeMillis(), cause);
		}
	}

	private byte[] request(Method method, long sequence) {
		String id = (this.log != null) ? this.idPrefix + sequence : null;
		if (method == Method.GET) {
			return (id != null) ? this.client.get(this.getPath, id) : this.getRequest;
		}
		return this.client.postJson(this.postPath, "{\"item\":\"book\",\"quantity\":1,\"sequence\":" + sequence + "}",
				id);
	}

	private void awaitOutstanding() {
		long millis = this.settings.requestTimeout().toMillis() + this.settings.connectTimeout().toMillis() + 2000;
		try {
			if (this.inFlight.tryAcquire(this.settings.maxInFlight(), millis, TimeUnit.MILLISECONDS)) {
				this.inFlight.release(this.settings.maxInFlight());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Answers and failures since the previous call, for a progress line.
	 * @return answers and failures
	 */
	long[] recent() {
		return this.recorder.drainRecent();
	}

}
