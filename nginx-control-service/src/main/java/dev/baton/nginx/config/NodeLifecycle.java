package dev.baton.nginx.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

import dev.baton.nginx.dataplane.ManagedNginx;
import dev.baton.nginx.dataplane.NginxFiles;
import dev.baton.nginx.dataplane.NginxSetup;
import dev.baton.nginx.kafka.CommandReplay;
import dev.baton.nginx.stats.StatsReporter;
import dev.baton.nginx.sync.DrainTracker;
import dev.baton.nginx.sync.Heartbeat;
import dev.baton.nginx.sync.NodePresence;
import dev.baton.nginx.sync.PeerSync;

/**
 * Starts a node in the only safe order: nginx (managed) or its snippet (attached), the
 * full replay of {@code nginx.commands}, then pushes, drains, heartbeats and the peer
 * statistics; the Kafka listener (a later phase) only then takes new records. Stops in
 * reverse, nginx last, then says the node left when its nginx stopped with it (managed
 * mode), unless the node keeps nginx serving for its next start
 * ({@code nginx.on-stop=keep}). A start that fails (here, or later in another bean or the
 * web server) stops nginx whatever the setting: the context destroys this bean, and a
 * node that never ran must not leave an nginx behind that nothing drives.
 */
class NodeLifecycle implements SmartLifecycle, DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(NodeLifecycle.class);

	private final NginxSetup setup;

	private final ManagedNginx managed;

	private final boolean keepNginx;

	private final CommandReplay replay;

	private final PeerSync sync;

	private final DrainTracker drains;

	private final Heartbeat heartbeat;

	private final NodePresence presence;

	private final StatsReporter stats;

	private volatile boolean running;

	private boolean stopped;

	private volatile boolean started;

	NodeLifecycle(NginxSetup setup, ManagedNginx managed, boolean keepNginx, CommandReplay replay, PeerSync sync,
			DrainTracker drains, Heartbeat heartbeat, NodePresence presence, StatsReporter stats) {
		this.setup = setup;
		this.managed = managed;
		this.keepNginx = keepNginx;
		this.replay = replay;
		this.sync = sync;
		this.drains = drains;
		this.heartbeat = heartbeat;
		this.presence = presence;
		this.stats = stats;
	}

	@Override
	public void start() {
		this.started = true;
		if (this.managed != null) {
			this.managed.start();
		}
		else {
			logger.info("Attached mode: include {} inside http {{ }} of your nginx",
					new NginxFiles(this.setup).writeSnippet());
		}
		try {
			long records = this.replay.replay();
			logger.info("Node {} rebuilt its desired state from {} commands", this.setup.nodeId(), records);
			this.drains.start();
			this.sync.start();
			this.heartbeat.start();
			this.stats.start();
		}
		catch (RuntimeException ex) {
			// A node that cannot start must not leave its nginx running behind it.
			stop();
			throw ex;
		}
		this.running = true;
	}

	@Override
	public synchronized void stop() {
		boolean ran = this.running;
		this.running = false;
		if (this.stopped) {
			return;
		}
		this.stopped = true;
		this.stats.close();
		this.heartbeat.close();
		this.sync.close();
		this.drains.close();
		if (this.managed != null && this.keepNginx && ran) {
			// Still routing: no NodeLeft. The node's silence until its next start reads
			// as
			// that of a killed node, whose nginx also goes on serving.
			this.managed.leaveServing();
		}
		else if (this.managed != null) {
			this.managed.close();
			// A context closed before it started (a start-up that failed in another bean,
			// a run that only builds the context) had no node to leave.
			if (this.started) {
				this.presence.stoppedWithNginx();
			}
		}
	}

	@Override
	public void destroy() {
		stop();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/** Before the Kafka listener containers, which start late and stop early. */
	@Override
	public int getPhase() {
		return 0;
	}

}
