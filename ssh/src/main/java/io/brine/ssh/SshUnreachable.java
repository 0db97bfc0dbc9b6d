package io.brine.ssh;

/**
 * A roster host that could not be reached, or refused us: down, a host key that is unknown or changed, a login
 * refused. Its job reads {@code not connected} for that host, never a failed job.
 */
public final class SshUnreachable extends Exception {
    private static final long serialVersionUID = 1L;

    public SshUnreachable(String message, Throwable cause) {
        super(message, cause);
    }
}
