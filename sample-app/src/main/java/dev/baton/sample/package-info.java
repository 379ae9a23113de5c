/**
 * The sample app Baton's demo deploys: a small web service with a version, a health
 * endpoint, and requests that take a configurable time.
 */
package dev.baton.sample;
