/**
 * The one clock a service decides with. It lives beside the Kafka conventions because
 * every service already depends on them, and because the two belong together: Kafka
 * offsets order what several processes wrote, this clock times what one process waits
 * for. No wall clock of another host enters either.
 */
package dev.baton.clock;
