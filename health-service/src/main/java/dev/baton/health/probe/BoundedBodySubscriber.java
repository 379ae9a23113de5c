package dev.baton.health.probe;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects at most a fixed number of body bytes, then stops reading: a health body is
 * small, and a misbehaving instance must not make the prober buffer megabytes.
 */
final class BoundedBodySubscriber implements BodySubscriber<byte[]> {

	private final int maxBytes;

	private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

	private final CompletableFuture<byte[]> result = new CompletableFuture<>();

	private Flow.Subscription subscription;

	BoundedBodySubscriber(int maxBytes) {
		this.maxBytes = maxBytes;
	}

	@Override
	public CompletionStage<byte[]> getBody() {
		return this.result;
	}

	@Override
	public void onSubscribe(Flow.Subscription subscription) {
		this.subscription = subscription;
		subscription.request(Long.MAX_VALUE);
	}

	@Override
	public void onNext(List<ByteBuffer> buffers) {
		for (ByteBuffer buffer : buffers) {
			int room = this.maxBytes - this.bytes.size();
			int length = Math.min(room, buffer.remaining());
			byte[] chunk = new byte[length];
			buffer.get(chunk);
			this.bytes.write(chunk, 0, length);
		}
		if (this.bytes.size() >= this.maxBytes && !this.result.isDone()) {
			this.subscription.cancel();
			this.result.complete(this.bytes.toByteArray());
		}
	}

	@Override
	public void onError(Throwable failure) {
		this.result.completeExceptionally(failure);
	}

	@Override
	public void onComplete() {
		this.result.complete(this.bytes.toByteArray());
	}

}
