package dev.baton.demo.soak;

import java.time.Duration;

/**
 * One fault as drawn.
 *
 * @param kind what is done
 * @param target the service's process for a kill or a freeze, the topic (without its
 * prefix) for a record; null otherwise
 * @param hold how long a freeze or a pause lasts; zero otherwise
 */
record SoakFault(FaultKind kind, String target, Duration hold) {

	/**
	 * The fault as the table and the journal say it.
	 * @return the label
	 */
	String describe() {
		StringBuilder text = new StringBuilder(this.kind.label());
		if (this.target != null) {
			text.append(' ').append(this.target);
		}
		if (!this.hold.isZero()) {
			text.append(" for ").append(this.hold.toSeconds()).append(" s");
		}
		return text.toString();
	}

}
