/**
 * The instances this replica probes and the loop that probes them: targets come from the
 * registry's state for the partitions this replica is assigned, restart steps switch an
 * instance to fast probing, and one scheduler thread keeps every probe on time.
 */
package dev.baton.health.fleet;
