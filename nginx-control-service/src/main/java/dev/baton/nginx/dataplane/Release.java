package dev.baton.nginx.dataplane;

/**
 * Which standby peers a drain's read takes down before it counts (see
 * {@code baton/standby.lua}).
 */
public enum Release {

	/** Those with nothing in flight that no request needed lately: the drain ends. */
	IDLE,

	/** All of them: the drain ran out, and nothing may reach the peer from now on. */
	ALL

}
