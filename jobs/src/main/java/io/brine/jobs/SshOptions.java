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
}
