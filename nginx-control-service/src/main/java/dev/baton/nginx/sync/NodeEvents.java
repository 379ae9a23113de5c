package dev.baton.nginx.sync;

import dev.baton.contracts.nginx.NginxEvent;

/**
 * Where this node's answers and heartbeats go ({@code nginx.events} in production).
 */
public interface NodeEvents {

	void publish(NginxEvent event);

}
