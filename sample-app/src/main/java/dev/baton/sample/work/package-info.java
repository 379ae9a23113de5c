/**
 * The endpoints under load: {@code GET /work} and {@code POST /orders}.
 */
package dev.baton.sample.work;
