/**
 * The main job's scenarios, run against the local stack under steady load: what a user
 * would try before trusting Baton with a release.
 */
package dev.baton.demo;
