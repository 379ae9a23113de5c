package dev.baton.deployer.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a runtime that cannot answer whether a process runs says so: that is not a crash,
 * the verdict and the health deadline still decide.
 */
final class WatchLog {

	private static final Logger logger = LoggerFactory.getLogger(WatchLog.class);

	private WatchLog() {
	}

	/**
	 * Says it once per watch, not at every check.
	 * @param told whether the watch said it already
	 * @return true: it is said
	 */
	static boolean cannotAsk(String process, Exception ex, boolean told) {
		if (!told) {
			logger.warn("Cannot tell whether {} still runs (waiting on for its verdict): {}", process, ex.getMessage());
		}
		return true;
	}

}
