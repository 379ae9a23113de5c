/**
 * The guide to putting Baton in front of an app, run as it is written
 * ({@code ./baton example}): its shell blocks in one terminal session, under steady load
 * through nginx, each checked against what the guide says it does.
 */
package dev.baton.demo.guide;
