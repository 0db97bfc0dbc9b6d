/**
 * The built-in function modules, one package per domain: {@code file}, {@code pkg}, {@code pkgrepo},
 * {@code service}, {@code accounts} (user and group), {@code cmd}, {@code cron}, {@code ssh}, {@code git},
 * {@code mount}, {@code archive}, {@code host}, {@code sysctl}, {@code timezone}, {@code locale}, {@code pip},
 * {@code module}, {@code debconf}, {@code test}... each with its execution and state functions side by side.
 * Helpers shared between domains live here.
 */
package io.brine.modules;
