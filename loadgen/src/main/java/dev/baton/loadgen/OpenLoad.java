package dev.baton.loadgen;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import dev.baton.loadgen.RequestMix.Method;

/**
 * Sends requests at fixed arrival times (the open model): the n-th request is due at
 * {@code start + n / rate} whether or not earlier ones were answered, so a slow or stuck
 * server cannot slow the load down and hide its failures. Latency runs from the due time,
 * not from when the request actually left.
 */
public final class OpenLoad {

	private final LoadSettings settings;

	private final AtomicBoolean stopRequested = new AtomicBoolean();

	private final OutcomeRecorder recorder = new OutcomeRecorder();

	private final RequestMix mix;

	private final Semaphore inFlight;

	private final URI getUri;

	private final URI postUri;

	public OpenLoad(LoadSettings settings) {
		this.settings = settings;
		LoopbackTarget.require(settings.target());
		this.mix = new RequestMix(settings.getWeight(), settings.postWeight());
		this.inFlight = new Semaphore(settings.maxInFlight());
		this.getUri = settings.target().resolve(settings.getPath());
		this.postUri = settings.target().resolve(settings.postPath());
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
		ExecutorService responses = Executors.newFixedThreadPool(this.settings.threads(), (task) -> {
			Thread thread = new Thread(task, "loadgen-" + threadCount.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(this.settings.connectTimeout())
			.executor(responses)
			.build();
		try {
			Instant startedAt = Instant.now();
			long start = System.nanoTime();
			long end = send(client, start);
			awaitOutstanding();
			return this.recorder.result(this.settings, startedAt, (end - start) / 1e9);
		}
		finally {
			responses.shutdownNow();
		}
	}

	private long send(HttpClient client, long start) {
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
			fire(client, sequence, due, (int) (offset / 1_000_000_000L));
			sequence++;
		}
		return System.nanoTime();
	}

	private void fire(HttpClient client, long sequence, long due, int second) {
		Method method = this.mix.methodOf(sequence);
		if (!this.inFlight.tryAcquire()) {
			this.recorder.failed(method, second, FailureCause.OVERLOAD);
			return;
		}
		try {
			client.sendAsync(request(method, sequence), HttpResponse.BodyHandlers.discarding())
				.whenComplete((response, failure) -> {
					long nanos = System.nanoTime() - due;
					if (failure != null) {
						this.recorder.failed(method, second, FailureCause.of(failure));
					}
					else {
						this.recorder.answered(method, second, response.statusCode(), nanos);
					}
					this.inFlight.release();
				});
		}
		catch (RuntimeException ex) {
			this.recorder.failed(method, second, FailureCause.of(ex));
			this.inFlight.release();
		}
	}

	private HttpRequest request(Method method, long sequence) {
		HttpRequest.Builder builder = HttpRequest.newBuilder().timeout(this.settings.requestTimeout());
		if (method == Method.GET) {
			return builder.uri(this.getUri).GET().build();
		}
		String order = "{\"item\":\"book\",\"quantity\":1,\"sequence\":" + sequence + "}";
		return builder.uri(this.postUri)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(order))
			.build();
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
