package dev.baton.demo.soak.check;

/**
 * One line of the load generator's request log.
 *
 * @param id the request's id, which nginx logged too
 * @param method GET or POST
 * @param sentAt when it left, milliseconds since the epoch
 * @param endedAt when its answer or failure came
 * @param status the answer's status, 0 when none came
 * @param cause why none came ({@code reset}, {@code closed}, ...), {@code -} when one did
 */
record ClientRequest(String id, String method, long sentAt, long endedAt, int status, String cause) {

	static ClientRequest parse(String line) {
		String[] fields = line.split("\t");
		if (fields.length != 6) {
			throw new IllegalArgumentException("not a request log line: " + line);
		}
		return new ClientRequest(fields[0], fields[1], Long.parseLong(fields[2]), Long.parseLong(fields[3]),
				Integer.parseInt(fields[4]), fields[5]);
	}

	boolean failed() {
		return this.status == 0 || this.status >= 500;
	}

	boolean inFlightAt(long moment) {
		return this.sentAt <= moment && moment <= this.endedAt;
	}

	String outcome() {
		return (this.status != 0) ? "status " + this.status : this.cause;
	}

}
