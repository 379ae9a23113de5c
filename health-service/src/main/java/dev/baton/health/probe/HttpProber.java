package dev.baton.health.probe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscribers;
import java.time.Clock;
import java.time.Instant;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;

/**
 * Probes instances with the JDK's asynchronous HTTP client: a probe holds no thread while
 * it waits, so a few threads serve thousands of instances. A probe never completes
 * exceptionally: every failure becomes a {@link ProbeOutcome} with its reason.
 */
public final class HttpProber {

	/** Names the replica that sent a probe, so an instance's logs say who probes it. */
	public static final String PROBER_HEADER = "Baton-Prober";

	private static final long BODY_GRACE_MILLIS = 50;

	private static final Pattern IPV4 = Pattern.compile("[0-9.]+");

	private final List<HttpClient> clients;

	private final VersionReader versions;

	private final Clock clock;

	private final String proberName;

	private final int maxBodyBytes;

	private final Executor resolver;

	/**
	 * Creates a prober.
	 * @param clients the HTTP clients to spread instances over: the JDK client keeps its
	 * idle connections in a list it searches on every request, so a few clients with a
	 * few hundred connections each cost far less CPU than one with thousands
	 * @param versions finds the version in a body
	 * @param clock stamps probes
	 * @param proberName sent in {@value #PROBER_HEADER}
	 * @param maxBodyBytes body bytes read at most
	 * @param resolver runs host name lookups
	 */
	public HttpProber(List<HttpClient> clients, VersionReader versions, Clock clock, String proberName,
			int maxBodyBytes, Executor resolver) {
		if (clients.isEmpty()) {
			throw new IllegalArgumentException("at least one HTTP client is needed");
		}
		this.clients = List.copyOf(clients);
		this.resolver = resolver;
		this.versions = versions;
		this.clock = clock;
		this.proberName = proberName;
		this.maxBodyBytes = maxBodyBytes;
	}

	/**
	 * Sends one GET to the target's health path.
	 * @param target what to probe
	 * @param settings the timeout and how to find the version
	 * @return the outcome, completed when the instance answered or the timeout passed
	 */
	public CompletableFuture<ProbeOutcome> probe(ProbeTarget target, ProbeSettings settings) {
		return get(target, settings, resolved(target.endpoint().host()));
	}

	/**
	 * Probes an instance whose last probe found nothing listening, as one that is being
	 * restarted does for seconds while it is probed fast. A plain TCP connection tells
	 * first whether anything listens: the HTTP client spends 1 to 2.4 ms of CPU on a
	 * refused request, a plain connection 0.15 to 0.26 ms
	 * ({@code RefusedProbeBenchmark}). The GET follows only when the connection was
	 * accepted.
	 * @param target what to probe
	 * @param settings the timeout and how to find the version
	 * @return the outcome, completed when the instance answered or the timeout passed
	 */
	public CompletableFuture<ProbeOutcome> probeAfterRefusal(ProbeTarget target, ProbeSettings settings) {
		CompletableFuture<String> host = resolved(target.endpoint().host());
		return refusal(target, settings, host).thenCompose((refused) -> refused.map(CompletableFuture::completedFuture)
			.orElseGet(() -> get(target, settings, host)));
	}

	/**
	 * Finds out whether anything still listens at the target, with a plain TCP connection
	 * and no request. While a restart is underway and the old process still listens, a
	 * request tells nothing about the new one, and it is one more request the old one has
	 * to finish before it can stop: Tomcat's graceful shutdown, for one, looks for
	 * requests still active every 50 ms.
	 * @param target what to check
	 * @param settings the timeout
	 * @return empty while a connection is accepted; otherwise the failed outcome, with
	 * its reason
	 */
	public CompletableFuture<Optional<ProbeOutcome>> refusal(ProbeTarget target, ProbeSettings settings) {
		return refusal(target, settings, resolved(target.endpoint().host()));
	}

	private CompletableFuture<Optional<ProbeOutcome>> refusal(ProbeTarget target, ProbeSettings settings,
			CompletableFuture<String> host) {
		Instant probedAt = this.clock.instant();
		long started = System.nanoTime();
		return host.thenCompose((name) -> connects(name, target.endpoint().port()))
			.orTimeout(settings.timeout().toMillis(), TimeUnit.MILLISECONDS)
			.handle((connected, failure) -> (failure != null)
					? Optional.of(outcome(null, failure, settings, probedAt, started)) : Optional.empty());
	}

	/** The GET itself, once the host name is resolved. */
	private CompletableFuture<ProbeOutcome> get(ProbeTarget target, ProbeSettings settings,
			CompletableFuture<String> host) {
		Instant probedAt = this.clock.instant();
		long started = System.nanoTime();
		HttpRequest request = HttpRequest.newBuilder(target.uri())
			.GET()
			.timeout(settings.timeout())
			.header(PROBER_HEADER, this.proberName)
			.header("Accept", "application/json, text/plain;q=0.9, */*;q=0.5")
			.build();
		HttpClient client = this.clients.get(clientIndex(target));
		return host.thenCompose((name) -> client.sendAsync(request, this::bodyHandler))
			// the request timeout covers the headers; this bounds reading the body too
			.orTimeout(settings.timeout().toMillis() + BODY_GRACE_MILLIS, TimeUnit.MILLISECONDS)
			.handle((answer, failure) -> outcome(answer, failure, settings, probedAt, started));
	}

	private static CompletableFuture<Void> connects(String host, int port) {
		CompletableFuture<Void> connected = new CompletableFuture<>();
		AsynchronousSocketChannel channel;
		try {
			channel = AsynchronousSocketChannel.open();
		}
		catch (IOException ex) {
			return CompletableFuture.failedFuture(ex);
		}
		connected.whenComplete((result, failure) -> close(channel));
		channel.connect(new InetSocketAddress(host, port), null, new CompletionHandler<Void, Void>() {

			@Override
			public void completed(Void result, Void attachment) {
				connected.complete(null);
			}

			@Override
			public void failed(Throwable failure, Void attachment) {
				connected.completeExceptionally(failure);
			}

		});
		return connected;
	}

	private static void close(AsynchronousSocketChannel channel) {
		try {
			channel.close();
		}
		catch (IOException ex) {
			// nothing was sent on it: there is nothing to lose
		}
	}

	/**
	 * Spreads endpoints evenly over the clients, even when their ports share a pattern
	 * (Linux hands out even ports to {@code bind}, say).
	 */
	private int clientIndex(ProbeTarget target) {
		int mixed = target.endpoint().hashCode() * 0x9E3779B9;
		return Math.floorMod(mixed ^ (mixed >>> 16), this.clients.size());
	}

	/**
	 * The JDK client resolves a host name on the thread that sends, which would stall the
	 * probe scheduler behind a slow DNS server; resolving first on the resolver threads
	 * leaves the client a cached answer.
	 */
	private CompletableFuture<String> resolved(String host) {
		if (host.contains(":") || IPV4.matcher(host).matches()) {
			return CompletableFuture.completedFuture(host);
		}
		return CompletableFuture.supplyAsync(() -> {
			try {
				InetAddress.getByName(host);
				return host;
			}
			catch (UnknownHostException ex) {
				throw new CompletionException(ex);
			}
		}, this.resolver);
	}

	private HttpResponse.BodySubscriber<byte[]> bodyHandler(HttpResponse.ResponseInfo info) {
		return success(info.statusCode()) ? new BoundedBodySubscriber(this.maxBodyBytes)
				: BodySubscribers.replacing(new byte[0]);
	}

	private ProbeOutcome outcome(HttpResponse<byte[]> answer, Throwable failure, ProbeSettings settings,
			Instant probedAt, long started) {
		long latency = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		if (failure != null) {
			return ProbeOutcome.failure(FailureReasons.of(failure), latency, probedAt);
		}
		if (!success(answer.statusCode())) {
			return ProbeOutcome.failure(String.valueOf(answer.statusCode()), latency, probedAt);
		}
		return ProbeOutcome.success(this.versions.read(answer.body(), settings), latency, probedAt);
	}

	private static boolean success(int status) {
		return status >= 200 && status < 300;
	}

}
