/** Not API. Jinjava configured as a sandbox: plain data in, includes only from the state tree. */
package io.brine.states.internal.jinja;
