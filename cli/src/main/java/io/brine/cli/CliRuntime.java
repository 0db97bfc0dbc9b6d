package io.brine.cli;

import io.brine.transport.TransportRuntime;

/**
 * The CLI's transport runtime: one per process, shared by the commands' connections to their master. It holds a
 * thread only while a connection is open (its dealers' loop stops with the last dealer), so a process that
 * runs several commands (tests, the demo) keeps none between them. Daemons ({@code brine master},
 * {@code brine minion}) make runtimes of their own.
 */
final class CliRuntime {
    private static final TransportRuntime SHARED = new TransportRuntime("cli");

    private CliRuntime() {
    }

    static TransportRuntime shared() {
        return SHARED;
    }
}
