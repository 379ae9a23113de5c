/**
 * {@code ./baton attacks}: the trust boundary tried the way an attacker would, under the
 * demo's load, against the local stack with its authentication and ACLs: each attempt,
 * who refused it and why, whether nginx changed and whether a request failed.
 */
package dev.baton.demo.attacks;
