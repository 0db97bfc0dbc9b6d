package io.brine.protocol;

/** The master's answer to a {@link MinionRequest}. */
public sealed interface MasterReply extends Message permits FileReply, PillarReply, FilePushAck, FileListReply,
        MineAck, MineReply {
    long requestId();
}
