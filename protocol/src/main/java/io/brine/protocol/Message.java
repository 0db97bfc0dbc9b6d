package io.brine.protocol;

/**
 * Every message Brine sends inside an encrypted session. The set is closed: receivers dispatch with
 * instanceof over these types, never by looking a name from the wire up reflectively.
 */
public sealed interface Message permits Hello, Welcome, Ping, Pong, JobRequest, JobAck, JobReturn, JobKill, ReturnAck, GoingAway, GrainsReport,
        SessionLimits, ScheduledReturn,
        EventPost,
        ClientRequest, ClientResponse, MinionRequest, MasterReply {
}
