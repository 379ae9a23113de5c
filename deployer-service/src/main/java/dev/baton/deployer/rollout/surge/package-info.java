/**
 * Running a surge deploy: new instances started on spare endpoints, awaited on the
 * registry, verified and put in rotation before the old ones they replace are drained and
 * stopped; on a failure, the new instances are removed and no old instance was restarted.
 */
package dev.baton.deployer.rollout.surge;
