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

    /** A session with the master {@code cfg} describes, as {@code who}, on the shared runtime. */
    static io.brine.client.internal.MasterSession connect(io.brine.master.MasterConfig cfg,
            io.brine.client.ClientKey who, java.time.Duration connectTimeout) throws InterruptedException {
        return io.brine.client.internal.MasterSession.open(SHARED, cfg.connectAddress(), who, connectTimeout);
    }
}
