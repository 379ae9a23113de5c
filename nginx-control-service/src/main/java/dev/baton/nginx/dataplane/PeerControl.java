package dev.baton.nginx.dataplane;

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
	 * Reads in-flight counts, also of peers no longer in the set.
	 * @param service the upstream
	 * @param peers the peers to read
	 * @return the count of each
	 */
	Map<Endpoint, Long> inFlight(ServiceName service, Collection<Endpoint> peers);

	/**
	 * Reads the epoch, which changes when nginx restarts with new shared memory.
	 * @return the epoch
	 */
	String epoch();

}
