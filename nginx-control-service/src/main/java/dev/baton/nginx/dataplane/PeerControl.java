package dev.baton.nginx.dataplane;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;

import dev.baton.contracts.Endpoint;
import dev.baton.contracts.ServiceName;
import dev.baton.nginx.peers.PeerSet;

/**
 * What nginx-control asks of nginx's Lua control endpoint. Every method throws
 * {@link NginxUnreachableException} when nginx does not answer and
 * {@link ControlRefusedException} when it refuses.
 */
public interface PeerControl {

	/**
	 * Replaces an upstream's whole peer set; the same set again changes nothing.
	 * @param peers the new set
	 */
	void replace(PeerSet peers);

	/**
	 * Reads an upstream's peer set with in-flight counts.
	 * @param service the upstream
	 * @return what nginx holds
	 */
	ActualPeers peers(ServiceName service);

	/**
	 * Reads the drain of peers, also of peers no longer in the set: in-flight counts,
	 * after taking down the standby peers the release names. With a wait, nginx holds the
	 * answer until one of the peers is drained (it checks every millisecond) or the wait
	 * runs out, so a drain is seen within a millisecond of its last request's end without
	 * a request per check.
	 * @param service the upstream
	 * @param peers the peers to read
	 * @param wait how long nginx may hold the answer; zero reads at once
	 * @param release which standby peers to take down first
	 * @return each peer's read
	 */
	Map<Endpoint, InFlight> inFlight(ServiceName service, Collection<Endpoint> peers, Duration wait, Release release);

	/**
	 * Reads the request statistics of every peer in an upstream's set.
	 * @param service the upstream
	 * @return nginx's counters, with its epoch
	 */
	UpstreamCounters counters(ServiceName service);

	/**
	 * Reads the epoch, which changes when nginx restarts with new shared memory.
	 * @return the epoch
	 */
	String epoch();

}
