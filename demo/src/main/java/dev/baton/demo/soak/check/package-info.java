/**
 * The soak's judge. It takes no verdict of Baton's on trust: it reads what the load
 * generator saw of each request, what nginx logged of each (its peer and timings), the
 * raw records on the broker with the broker's own timestamps, and what each instance
 * reported of itself, and checks the promises against them.
 */
package dev.baton.demo.soak.check;
