package io.brine.jobs;

/**
 * A job for machines with no minion, named in the master's roster and reached over SSH ({@code brine ssh}), rather
 * than for minions: see {@link JobSpec#overSsh(SshOptions)}.
 *
 * @param acceptNewHostKeys whether a host whose key is not yet in the master's {@code ssh_known_hosts} is trusted on
 *                          first contact, its key then added there ({@code --accept-new}); a host whose key changed is
 *                          refused either way
 */
public record SshOptions(boolean acceptNewHostKeys) {
    /** Only hosts whose keys are already known. */
    public static final SshOptions KNOWN_HOSTS = new SshOptions(false);

    /** How the wire carries options that may be absent: 0 for none (minions), 1 known hosts only, 2 accepting new. */
    public static int code(SshOptions o) {
        return o == null ? 0 : o.acceptNewHostKeys() ? 2 : 1;
    }

    /** The options of a wire {@link #code}; null for 0. */
    public static SshOptions ofCode(int code) {
        return code == 0 ? null : new SshOptions(code == 2);
    }
}
