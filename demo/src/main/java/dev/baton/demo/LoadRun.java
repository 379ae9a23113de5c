package dev.baton.demo;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import dev.baton.loadgen.LoadResult;
import dev.baton.loadgen.LoadSettings;
import dev.baton.loadgen.OpenLoad;

/**
 * Steady load through nginx while a scenario runs: fixed-rate GETs and POSTs (the sample
 * app's /work and /orders unless told), 2:1.
 */
public final class LoadRun {

	private final OpenLoad load;

	private final CompletableFuture<LoadResult> result;

	private LoadRun(OpenLoad load) {
		this.load = load;
		this.result = CompletableFuture.supplyAsync(load::run);
	}

	public static LoadRun start(DemoOptions options) {
		return start(options, "/work", "/orders");
	}

	/**
	 * Steady load on other paths than the sample app's.
	 * @param options where nginx serves the service and how hard to push it
	 * @param getPath the path of the GET requests
	 * @param postPath the path of the POST requests
	 * @return the running load
	 */
	public static LoadRun start(DemoOptions options, String getPath, String postPath) {
		return new LoadRun(new OpenLoad(new LoadSettings(options.nginx(), getPath, postPath, options.rate(), null, 2, 1,
				Duration.ofSeconds(1), Duration.ofSeconds(10), 4000, 4, null, null, false, true)));
	}

	public LoadResult stop() {
		this.load.stop();
		return this.result.join();
	}

}
