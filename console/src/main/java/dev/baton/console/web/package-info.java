/**
 * The page, its login, its live updates and the operators' actions.
 */
package dev.baton.console.web;
