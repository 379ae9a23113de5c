/**
 * How an instance is given a version and restarted, and how the deployer tells whether
 * the process it restarted still runs: per-service argv templates run as processes, never
 * through a shell, with placeholders filled per argument from validated values only;
 * supervisord through its XML-RPC API; systemd units through {@code systemctl}.
 */
package dev.baton.deployer.runtime;
