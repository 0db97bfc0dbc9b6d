package io.brine.ssh;

import org.apache.sshd.client.session.ClientSession;

/**
 * Stops a run on a roster host from another thread (a job kill): its SSH session is closed at once, so whatever the
 * run waits for ends, and a run not yet logged in closes its session as soon as it has one. The command on the host
 * loses its connection; one that neither reads nor writes may go on there, as after a dropped {@code ssh}.
 */
public final class RunStopper {
    private boolean stopped;
    private ClientSession session;

    /** Stops the run, now or as soon as it has a session. */
    public synchronized void stop() {
        stopped = true;
        if (session != null) {
            session.close(true);
        }
    }

    public synchronized boolean stopped() {
        return stopped;
    }

    /** The run's session, closed at once if the run was already stopped. */
    synchronized void attach(ClientSession s) {
        session = s;
        if (stopped) {
            s.close(true);
        }
    }
}
