/**
 * How an instance is given a version and restarted: per-service argv templates run as
 * processes, never through a shell, with placeholders filled per argument from validated
 * values only.
 */
package dev.baton.deployer.runtime;
