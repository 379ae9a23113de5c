package dev.baton.demo.soak.check;

/**
 * A promise broken.
 *
 * @param deploy the deploy's number in the soak, 0 for none in particular
 * @param promise which promise
 * @param detail what shows it
 */
record Violation(int deploy, String promise, String detail) {

	@Override
	public String toString() {
		return ((this.deploy > 0) ? "deploy " + this.deploy + ": " : "") + this.promise + ": " + this.detail;
	}

}
