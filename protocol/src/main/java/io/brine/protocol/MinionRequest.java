package io.brine.protocol;

/**
 * A request from a minion to its master (a file from the file roots, its pillar); answered by a
 * {@link MasterReply} with the same id on the same session. What a minion may ask for is decided by the
 * master from the session's authenticated id, never from anything in the request.
 */
public sealed interface MinionRequest extends Message permits FileRequest, PillarRequest, FilePush, FileListRequest,
        MineUpdate, MineRequest {
    long requestId();
}
