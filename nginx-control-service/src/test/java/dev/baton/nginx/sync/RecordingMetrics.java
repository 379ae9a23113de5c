package dev.baton.nginx.sync;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;

/**
 * Keeps what the sync logic measured, for unit tests; the Micrometer side has tests of
 * its own.
 */
class RecordingMetrics implements NodeMetrics {

	final List<Measured> commands = new CopyOnWriteArrayList<>();

	final List<Measured> drains = new CopyOnWriteArrayList<>();

	final List<Long> inFlight = new CopyOnWriteArrayList<>();

	@Override
	public void commandAnswered(ServiceName service, CommandOutcome outcome, Duration sinceWritten) {
		this.commands.add(new Measured(service, outcome, sinceWritten));
	}

	@Override
	public void drainEnded(ServiceName service, Endpoint peer, DrainOutcome outcome, Duration took) {
		this.drains.add(new Measured(service, outcome, took));
	}

	@Override
	public void inFlight(ServiceName service, Endpoint peer, long count) {
		this.inFlight.add(count);
	}

	record Measured(ServiceName service, Enum<?> outcome, Duration duration) {
	}

}
