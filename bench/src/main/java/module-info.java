/** {@code brine bench}: real masters and swarms of real minions on loopback, measured. */
module io.brine.bench {
    requires io.brine.master;
    requires io.brine.ssh; // the ssh scenario's hosts: real sshd on loopback
    requires io.brine.minion;
    requires io.brine.release; // the update scenario signs the release it sends
    requires io.brine.states;
    requires io.brine.client;
    requires com.fasterxml.jackson.databind;
    requires java.logging;
    requires java.management;
    requires jdk.management;

    exports io.brine.bench to io.brine.cli;
}
