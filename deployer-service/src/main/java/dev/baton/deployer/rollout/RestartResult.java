package dev.baton.deployer.rollout;

/**
 * What running an instance's runtime commands gave: the exit code of the last command
 * run, the end of the standard error collected and how to tell whether the process it
 * started still runs.
 *
 * @param exitCode 0 on success; the failing command's code otherwise, -1 on a timeout
 * @param stderr the tail of standard error
 * @param watch asks whether the restarted process still runs
 */
public record RestartResult(int exitCode, String stderr, ProcessWatch watch) {

	public RestartResult {
		stderr = (stderr != null) ? stderr : "";
		watch = (watch != null) ? watch : ProcessWatch.NONE;
	}

	/**
	 * A result whose runtime cannot tell whether the process still runs.
	 * @param exitCode 0 on success
	 * @param stderr the tail of standard error
	 */
	public RestartResult(int exitCode, String stderr) {
		this(exitCode, stderr, ProcessWatch.NONE);
	}

	public boolean succeeded() {
		return this.exitCode == 0;
	}

}
