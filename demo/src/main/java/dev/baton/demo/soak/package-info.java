/**
 * {@code ./baton soak}: seeded deploys of every kind under steady load, each with one
 * fault drawn at a random moment, judged afterwards by the checker in {@code check},
 * which reads only what the clients, nginx and the broker recorded.
 */
package dev.baton.demo.soak;
