package dev.baton.cli;

import java.time.Duration;

import picocli.CommandLine.Option;

/**
 * The node expiry as the deployer is configured with it: how long a silent node is still
 * waited for. It also bounds how far back {@code nginx.events} is read.
 */
class NodeExpiry {

	@Option(names = "--expiry", defaultValue = "10m",
			description = "how long deploys keep waiting for a silent node (the deployer's node expiry, default 10m)")
	private Duration expiry;

	Duration get() {
		return this.expiry;
	}

}
