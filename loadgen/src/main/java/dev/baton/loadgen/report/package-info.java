/**
 * The demo's report: a Markdown table and step timeline per scenario, the same as JSON,
 * and an SVG chart of requests, errors and p99 per second with the steps marked.
 */
package dev.baton.loadgen.report;
