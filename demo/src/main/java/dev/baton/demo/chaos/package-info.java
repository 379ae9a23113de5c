/**
 * The chaos suite ({@code ./baton chaos}): one deploy per fault under the demo's steady
 * load, each fault fired when the deploy enters its phase, and a table of what Baton did.
 */
package dev.baton.demo.chaos;
