/**
 * A small client of supervisord's XML-RPC API, over its loopback HTTP server or its unix
 * socket: the calls the deployer needs to restart a program and to tell whether it still
 * runs.
 */
package dev.baton.deployer.runtime.supervisord;
