/**
 * What a health-service that starts during a deploy still owes: the restart steps read
 * back from {@code deploy.steps} that no verdict has settled yet.
 */
package dev.baton.health.recovery;
