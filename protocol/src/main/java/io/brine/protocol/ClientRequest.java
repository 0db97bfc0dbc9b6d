package io.brine.protocol;

/** A request from an operator's client (CLI or a remote library) to the master; answered by responses with the same id. */
public sealed interface ClientRequest extends Message permits PublishRequest, JobLookup, JobListRequest, KeysChanged,
        KillRequest, EventSubscribe, CopyRequest, KeyRequest, MinionStatusRequest,
        UpdateRequest, OrchestrateRequest {
    long requestId();
}
