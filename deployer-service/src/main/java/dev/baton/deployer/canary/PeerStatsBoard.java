package dev.baton.deployer.canary;

import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

import dev.baton.contracts.nginx.PeerStats;

/**
 * Where the reader of {@code nginx.events} drops every node's {@link PeerStats}, and
 * where a bake opens its window on them; stats nobody's window wants are dropped.
 */
public final class PeerStatsBoard {

	private final Set<StatsWindow> open = new CopyOnWriteArraySet<>();

	public StatsWindow open(StatsWindow window) {
		this.open.add(window);
		return window;
	}

	public void close(StatsWindow window) {
		this.open.remove(window);
	}

	public void offer(PeerStats stats) {
		for (StatsWindow window : this.open) {
			window.offer(stats);
		}
	}

}
