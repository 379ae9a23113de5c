package dev.baton.demo.attacks;

/**
 * What came of one attack.
 *
 * @param refused whether every part of it was refused
 * @param by who refused it (the broker, the registry, ...) or, when it got through, what
 * it reached
 * @param reason the refusal's own words, or what happened instead
 */
record Attempt(boolean refused, String by, String reason) {

	static Attempt refused(String by, String reason) {
		return new Attempt(true, by, reason);
	}

	static Attempt accepted(String what) {
		return new Attempt(false, "nobody", what);
	}

	/**
	 * This attempt and another, refused only when both were.
	 * @param other the other part of the same attack
	 * @return both
	 */
	Attempt and(Attempt other) {
		if (!this.refused) {
			return this;
		}
		if (!other.refused) {
			return other;
		}
		String by = this.by.equals(other.by) ? this.by : this.by + ", " + other.by;
		return new Attempt(true, by, this.reason + "; " + other.reason);
	}

}
