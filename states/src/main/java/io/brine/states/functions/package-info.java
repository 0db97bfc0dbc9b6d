/**
 * The built-in state modules, one package each: test, file, cmd, user and group (accounts), pkg,
 * pip, service and archive. Helpers shared between them live here.
 */
package io.brine.states.functions;
