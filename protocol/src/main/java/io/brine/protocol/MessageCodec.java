package io.brine.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Encodes messages as a msgpack sequence: protocol version, type code, then the type's fields. Decoding is
 * strict and total: any input either yields a valid message or a {@link MalformedMessageException} with a
 * reason; no other exception escapes, whatever the bytes.
 */
public final class MessageCodec {
    private MessageCodec() {
    }

    public static byte[] encode(Message message) {
        WireWriter w = new WireWriter();
        w.integer(ProtocolVersion.CURRENT).integer(typeOf(message));
        writeFields(message, w);
        return w.toByteArray();
    }

    public static Message decode(byte[] bytes) throws MalformedMessageException {
        if (bytes == null) {
            throw new MalformedMessageException("no message: null bytes");
        }
        return decode(ByteBuffer.wrap(bytes));
    }

    /**
     * Decodes the bytes between {@code bytes}' position and limit (a heap or direct buffer, not a read-only one).
     * A file chunk's data stays a view of them rather than a copy, so the buffer must not be reused while the
     * message is in use.
     */
    public static Message decode(ByteBuffer bytes) throws MalformedMessageException {
        try {
            WireReader r = new WireReader(bytes);
            long version = r.integer();
            if (version != ProtocolVersion.CURRENT) {
                throw new MalformedMessageException("unsupported protocol version " + version);
            }
            Message message = readFields((int) Math.min(Integer.MAX_VALUE, Math.max(-1, r.integer())), r);
            r.end();
            return message;
        } catch (MalformedMessageException e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            // msgpack-core signals bad input with assorted runtime exceptions; a record's compact constructor
            // rejects invalid field values with IllegalArgumentException. All of it is one thing to us.
            throw new MalformedMessageException("malformed message: " + e, e);
        }
    }

    /**
     * Whether a message decoded by {@link #decode(ByteBuffer)} still refers to the buffer it was decoded from: a
     * file chunk's data does; every other message is copied out whole, so the buffer is free again at once.
     */
    public static boolean refersToInput(Message message) {
        return message instanceof FileReply;
    }

    private static int typeOf(Message m) {
        if (m instanceof Hello) return Hello.TYPE;
        if (m instanceof Welcome) return Welcome.TYPE;
        if (m instanceof Ping) return Ping.TYPE;
        if (m instanceof Pong) return Pong.TYPE;
        if (m instanceof JobRequest) return JobRequest.TYPE;
        if (m instanceof JobAck) return JobAck.TYPE;
        if (m instanceof JobReturn) return JobReturn.TYPE;
        if (m instanceof PublishRequest) return PublishRequest.TYPE;
        if (m instanceof JobLookup) return JobLookup.TYPE;
        if (m instanceof JobListRequest) return JobListRequest.TYPE;
        if (m instanceof KeysChanged) return KeysChanged.TYPE;
        if (m instanceof Published) return Published.TYPE;
        if (m instanceof ReturnNotice) return ReturnNotice.TYPE;
        if (m instanceof JobReport) return JobReport.TYPE;
        if (m instanceof CallReport) return CallReport.TYPE;
        if (m instanceof JobListing) return JobListing.TYPE;
        if (m instanceof Done) return Done.TYPE;
        if (m instanceof Failure) return Failure.TYPE;
        if (m instanceof NotFound) return NotFound.TYPE;
        if (m instanceof CopyRequest) return CopyRequest.TYPE;
        if (m instanceof UpdateRequest) return UpdateRequest.TYPE;
        if (m instanceof FilePushAck) return FilePushAck.TYPE;
        if (m instanceof FilePush) return FilePush.TYPE;
        if (m instanceof EventNotice) return EventNotice.TYPE;
        if (m instanceof EventSubscribe) return EventSubscribe.TYPE;
        if (m instanceof EventPost) return EventPost.TYPE;
        if (m instanceof GrainsReport) return GrainsReport.TYPE;
        if (m instanceof JobKill) return JobKill.TYPE;
        if (m instanceof KillRequest) return KillRequest.TYPE;
        if (m instanceof PillarReply) return PillarReply.TYPE;
        if (m instanceof PillarRequest) return PillarRequest.TYPE;
        if (m instanceof FileReply) return FileReply.TYPE;
        if (m instanceof FileRequest) return FileRequest.TYPE;
        if (m instanceof Refused) return Refused.TYPE;
        if (m instanceof KeyRequest) return KeyRequest.TYPE;
        if (m instanceof KeyResult) return KeyResult.TYPE;
        if (m instanceof ReturnAck) return ReturnAck.TYPE;
        if (m instanceof GoingAway) return GoingAway.TYPE;
        if (m instanceof FileListRequest) return FileListRequest.TYPE;
        if (m instanceof FileListReply) return FileListReply.TYPE;
        if (m instanceof MinionStatusRequest) return MinionStatusRequest.TYPE;
        if (m instanceof MinionStatusReport) return MinionStatusReport.TYPE;
        if (m instanceof SessionLimits) return SessionLimits.TYPE;
        if (m instanceof MineUpdate) return MineUpdate.TYPE;
        if (m instanceof MineAck) return MineAck.TYPE;
        if (m instanceof MineRequest) return MineRequest.TYPE;
        if (m instanceof MineReply) return MineReply.TYPE;
        if (m instanceof ScheduledReturn) return ScheduledReturn.TYPE;
        if (m instanceof OrchestrateRequest) return OrchestrateRequest.TYPE;
        throw new AssertionError("message type without a code: " + m.getClass());
    }

    private static void writeFields(Message m, WireWriter w) {
        if (m instanceof Hello x) x.write(w);
        else if (m instanceof Welcome x) x.write(w);
        else if (m instanceof Ping x) x.write(w);
        else if (m instanceof Pong x) x.write(w);
        else if (m instanceof JobRequest x) x.write(w);
        else if (m instanceof JobAck x) x.write(w);
        else if (m instanceof JobReturn x) x.write(w);
        else if (m instanceof PublishRequest x) x.write(w);
        else if (m instanceof JobLookup x) x.write(w);
        else if (m instanceof JobListRequest x) x.write(w);
        else if (m instanceof KeysChanged x) x.write(w);
        else if (m instanceof Published x) x.write(w);
        else if (m instanceof ReturnNotice x) x.write(w);
        else if (m instanceof JobReport x) x.write(w);
        else if (m instanceof CallReport x) x.write(w);
        else if (m instanceof JobListing x) x.write(w);
        else if (m instanceof Done x) x.write(w);
        else if (m instanceof Failure x) x.write(w);
        else if (m instanceof NotFound x) x.write(w);
        else if (m instanceof CopyRequest x) x.write(w);
        else if (m instanceof UpdateRequest x) x.write(w);
        else if (m instanceof FilePushAck x) x.write(w);
        else if (m instanceof FilePush x) x.write(w);
        else if (m instanceof EventNotice x) x.write(w);
        else if (m instanceof EventSubscribe x) x.write(w);
        else if (m instanceof EventPost x) x.write(w);
        else if (m instanceof GrainsReport x) x.write(w);
        else if (m instanceof JobKill x) x.write(w);
        else if (m instanceof KillRequest x) x.write(w);
        else if (m instanceof PillarReply x) x.write(w);
        else if (m instanceof PillarRequest x) x.write(w);
        else if (m instanceof FileReply x) x.write(w);
        else if (m instanceof FileRequest x) x.write(w);
        else if (m instanceof Refused x) x.write(w);
        else if (m instanceof KeyRequest x) x.write(w);
        else if (m instanceof KeyResult x) x.write(w);
        else if (m instanceof ReturnAck x) x.write(w);
        else if (m instanceof GoingAway x) x.write(w);
        else if (m instanceof FileListRequest x) x.write(w);
        else if (m instanceof FileListReply x) x.write(w);
        else if (m instanceof MinionStatusRequest x) x.write(w);
        else if (m instanceof MinionStatusReport x) x.write(w);
        else if (m instanceof SessionLimits x) x.write(w);
        else if (m instanceof MineUpdate x) x.write(w);
        else if (m instanceof MineAck x) x.write(w);
        else if (m instanceof MineRequest x) x.write(w);
        else if (m instanceof MineReply x) x.write(w);
        else if (m instanceof ScheduledReturn x) x.write(w);
        else if (m instanceof OrchestrateRequest x) x.write(w);
        else throw new AssertionError("message type without a writer: " + m.getClass());
    }

    private static Message readFields(int type, WireReader r) throws IOException, MalformedMessageException {
        switch (type) {
            case Hello.TYPE: return Hello.read(r);
            case Welcome.TYPE: return Welcome.read(r);
            case Ping.TYPE: return Ping.read(r);
            case Pong.TYPE: return Pong.read(r);
            case JobRequest.TYPE: return JobRequest.read(r);
            case JobAck.TYPE: return JobAck.read(r);
            case JobReturn.TYPE: return JobReturn.read(r);
            case PublishRequest.TYPE: return PublishRequest.read(r);
            case JobLookup.TYPE: return JobLookup.read(r);
            case JobListRequest.TYPE: return JobListRequest.read(r);
            case KeysChanged.TYPE: return KeysChanged.read(r);
            case Published.TYPE: return Published.read(r);
            case ReturnNotice.TYPE: return ReturnNotice.read(r);
            case JobReport.TYPE: return JobReport.read(r);
            case CallReport.TYPE: return CallReport.read(r);
            case JobListing.TYPE: return JobListing.read(r);
            case Done.TYPE: return Done.read(r);
            case Failure.TYPE: return Failure.read(r);
            case NotFound.TYPE: return NotFound.read(r);
            case CopyRequest.TYPE: return CopyRequest.read(r);
            case UpdateRequest.TYPE: return UpdateRequest.read(r);
            case FilePushAck.TYPE: return FilePushAck.read(r);
            case FilePush.TYPE: return FilePush.read(r);
            case EventNotice.TYPE: return EventNotice.read(r);
            case EventSubscribe.TYPE: return EventSubscribe.read(r);
            case EventPost.TYPE: return EventPost.read(r);
            case GrainsReport.TYPE: return GrainsReport.read(r);
            case JobKill.TYPE: return JobKill.read(r);
            case KillRequest.TYPE: return KillRequest.read(r);
            case PillarReply.TYPE: return PillarReply.read(r);
            case PillarRequest.TYPE: return PillarRequest.read(r);
            case FileReply.TYPE: return FileReply.read(r);
            case FileRequest.TYPE: return FileRequest.read(r);
            case Refused.TYPE: return Refused.read(r);
            case KeyRequest.TYPE: return KeyRequest.read(r);
            case KeyResult.TYPE: return KeyResult.read(r);
            case ReturnAck.TYPE: return ReturnAck.read(r);
            case GoingAway.TYPE: return GoingAway.read(r);
            case FileListRequest.TYPE: return FileListRequest.read(r);
            case FileListReply.TYPE: return FileListReply.read(r);
            case MinionStatusRequest.TYPE: return MinionStatusRequest.read(r);
            case MinionStatusReport.TYPE: return MinionStatusReport.read(r);
            case SessionLimits.TYPE: return SessionLimits.read(r);
            case MineUpdate.TYPE: return MineUpdate.read(r);
            case MineAck.TYPE: return MineAck.read(r);
            case MineRequest.TYPE: return MineRequest.read(r);
            case MineReply.TYPE: return MineReply.read(r);
            case ScheduledReturn.TYPE: return ScheduledReturn.read(r);
            case OrchestrateRequest.TYPE: return OrchestrateRequest.read(r);
            default: throw new MalformedMessageException("unknown message type " + type);
        }
    }
}
