package io.brine.protocol;

/** The master's answer to a {@link ClientRequest}. A request ends with exactly one final response. */
public sealed interface ClientResponse extends Message permits Published, ReturnNotice, JobReport, CallReport,
        JobListing, Done, Failure, NotFound, EventNotice, Refused, KeyResult, MinionStatusReport {
    long requestId();

    /** False only for progress messages that precede the final answer. */
    default boolean isFinal() {
        return true;
    }
}
