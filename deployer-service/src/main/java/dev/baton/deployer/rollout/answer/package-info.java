/**
 * Collecting answers: what every nginx node answers to a gate command, matched by the
 * command's id; the verdict that confirms a restart, matched by the restart step's id;
 * waits that end once every node waited for answered, left, or the deadline passed; and
 * the instances a surge deploy waits for on {@code registry.state}.
 */
package dev.baton.deployer.rollout.answer;
