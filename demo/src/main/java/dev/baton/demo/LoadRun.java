package dev.baton.demo;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadSettings;
import dev.baton.loadgen.OpenLoad;

/**
 * Steady load through nginx while a scenario runs: fixed-rate GET /work and POST /orders,
 * 2:1.
 */
public final class LoadRun {

	private final OpenLoad load;

	private final CompletableFuture<LoadResult> result;

	private LoadRun(OpenLoad load) {
		this.load = load;
		this.result = CompletableFuture.supplyAsync(load::run);
	}

	public static LoadRun start(DemoOptions options) {
		return new LoadRun(new OpenLoad(new LoadSettings(options.nginx(), "/work", "/orders", options.rate(), null, 2,
				1, Duration.ofSeconds(1), Duration.ofSeconds(10), 4000, 4, null, null, false, true)));
	}

	public LoadResult stop() {
		this.load.stop();
		return this.result.join();
	}

}
