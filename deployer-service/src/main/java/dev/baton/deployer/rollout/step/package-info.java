/**
 * The steps a deploy is made of, one instance at a time: closing its DEPLOY gate and
 * waiting for every node's drain, restarting it through the runtime and waiting for the
 * verdict on the expected version, opening the gate again, and the bake after a batch. A
 * step that cannot complete throws the failure its run rolls back for; the last step
 * confirmed for an instance is its stage.
 */
package dev.baton.deployer.rollout.step;
