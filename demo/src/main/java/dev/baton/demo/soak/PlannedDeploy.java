package dev.baton.demo.soak;

import java.time.Duration;

/**
 * One deploy of the soak as its seed draws it.
 *
 * @param number its place in the soak, from 1
 * @param kind what is deployed
 * @param surge for a broken release, whether it goes out as a surge deploy
 * @param fault the fault done during it
 * @param faultAfter how long after the request the fault is done (for the instance kill:
 * after the first restart of the deploy)
 */
record PlannedDeploy(int number, DeployKind kind, boolean surge, SoakFault fault, Duration faultAfter) {

}
