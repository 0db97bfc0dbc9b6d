/**
 * Agentless Brine: machines with no minion, named in a roster, reached over SSH (Apache MINA SSHD) with their host
 * keys checked against a known_hosts file; see {@link io.brine.ssh.SshRunner}.
 */
module io.brine.ssh {
    requires transitive io.brine.jobs;
    requires io.brine.config;
    requires org.apache.sshd.osgi;
    requires com.fasterxml.jackson.databind;
    requires org.apache.commons.compress;

    exports io.brine.ssh;
}
