/**
 * Running a deploy: the desk that takes requests and keeps at most one deploy running per
 * service, the step machine that takes a plan through its batches (a surge deploy through
 * the surge's own) with operators' pauses and cancels, the rollback of every instance it
 * touched, and where a run starts from.
 */
package dev.baton.deployer.rollout.run;
