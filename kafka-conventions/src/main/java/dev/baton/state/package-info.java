/**
 * Where the services keep their state on a host, with no Spring and no Kafka in it.
 */
package dev.baton.state;
