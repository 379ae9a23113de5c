package dev.baton.sample.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * Plays a slow start and the broken release. Runs once every bean exists and before the
 * web server listens, like an app that warms caches or migrates a schema: the port is not
 * open during the delay, and a crash happens before the app registers.
 */
@Component
class StartupSimulation implements SmartInitializingSingleton {

	private static final Logger logger = LoggerFactory.getLogger(StartupSimulation.class);

	private final SampleProperties properties;

	StartupSimulation(SampleProperties properties) {
		this.properties = properties;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (!this.properties.startupDelay().isZero()) {
			logger.info("Simulating {} ms of start-up work (sample.startup-delay)",
					this.properties.startupDelay().toMillis());
			pause();
		}
		if (this.properties.crashOnStart()) {
			throw new IllegalStateException("sample.crash-on-start=true: release " + this.properties.version()
					+ " fails at start on purpose (the demo's broken release)");
		}
	}

	private void pause() {
		try {
			Thread.sleep(this.properties.startupDelay().toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("start-up interrupted", ex);
		}
	}

}
