/**
 * What Brine's own front ends (the CLI, the HTTP API) share with the master and an embedding application should
 * not build on: the audit log's file, the master's key files, the job document's JSON shape, the wire's job
 * requests and the translation of wire records into the API's result types. Exported to {@code io.brine.api} and
 * {@code io.brine.cli} alone; it changes whenever they need it to.
 */
package io.brine.master.internal;
