/**
 * Canary analysis: the weight that gives a canary its share of the traffic, the figures
 * every nginx node reports of the canary's peers and of the old version's over a bake,
 * and the judgement that promotes the canary or rolls it back. Plain domain classes over
 * {@code PeerStats} tallies: nothing here knows Kafka, Spring, or how a deploy runs.
 */
package dev.baton.deployer.canary;
