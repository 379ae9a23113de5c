package dev.baton.deployer.rollout;

/**
 * What running an instance's runtime commands gave: the exit code of the last command run
 * and the end of the standard error collected.
 *
 * @param exitCode 0 on success; the failing command's code otherwise, -1 on a timeout
 * @param stderr the tail of standard error
 */
public record RestartResult(int exitCode, String stderr) {

	public RestartResult {
		stderr = (stderr != null) ? stderr : "";
	}

	public boolean succeeded() {
		return this.exitCode == 0;
	}

}
