package io.brine.master;

import io.brine.fileserver.PillarCompiler;
import io.brine.protocol.FileListReply;
import io.brine.protocol.FileListRequest;
import io.brine.protocol.FilePush;
import io.brine.protocol.FileReply;
import io.brine.protocol.FileRequest;
import io.brine.protocol.MasterReply;
import io.brine.protocol.MineAck;
import io.brine.protocol.MineReply;
import io.brine.protocol.MineRequest;
import io.brine.protocol.MineUpdate;
import io.brine.protocol.MinionRequest;
import io.brine.protocol.PillarReply;
import io.brine.protocol.PillarRequest;
import io.brine.transport.Session;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;

/**
 * Answers minions' own requests: files from {@code file_roots} (and copies staged for their jobs), their
 * pillar, the files they push, and the mine ({@link MineService}). All of it is decided by the session's authenticated id: a minion can
 * only ever obtain its own pillar and store under its own folder; pillar values are never logged.
 */
final class MinionService {
    private static final Logger LOG = System.getLogger(MinionService.class.getName());

    private final FileServer files;
    private final PillarCompiler pillar;
    /** A minion's last reported grains (null if never), which its pillar templates and top file see. */
    private final java.util.function.Function<String, java.util.Map<String, Object>> grainsOf;
    private final PushReceiver pushes;
    private final MineService mine;

    MinionService(FileServer files, PillarCompiler pillar,
            java.util.function.Function<String, java.util.Map<String, Object>> grainsOf, PushReceiver pushes,
            MineService mine) {
        this.mine = mine;
        this.grainsOf = grainsOf;
        this.files = files;
        this.pillar = pillar;
        this.pushes = pushes;
    }

    /** Answers {@code request}; {@code done} runs once the answer is handed to the transport (or never needed). */
    void handle(Session minion, MinionRequest request, Runnable done) {
        if (request instanceof FilePush push) {
            // Acknowledged when written, which may be after a chunk still on its way: so not necessarily now.
            try {
                pushes.receive(minion.peerId(), push, minion::send);
            } finally {
                done.run();
            }
            return;
        }
        MasterReply reply;
        try {
            reply = answer(minion, request);
        } catch (RuntimeException e) {
            done.run();
            throw e;
        }
        if (reply instanceof FileReply f && f.length() > 0) {
            minion.sendBulk(reply, done);
        } else {
            minion.send(reply, done);
        }
    }

    /** Sends a queued job to a minion that just connected. */
    void deliver(Session minion, io.brine.protocol.JobRequest request) {
        minion.send(request);
    }

    /** Answers at once that {@code request} was not taken, without reading anything for it. */
    void refuse(Session minion, MinionRequest request, String why) {
        MasterReply reply;
        if (request instanceof FilePush p) {
            reply = new io.brine.protocol.FilePushAck(p.requestId(), why);
        } else if (request instanceof FileRequest f) {
            reply = FileReply.without(f.requestId(), FileReply.Status.REFUSED);
        } else if (request instanceof FileListRequest l) {
            reply = FileListReply.without(l.requestId(), FileListReply.Status.REFUSED);
        } else if (request instanceof MineUpdate u) {
            reply = new MineAck(u.requestId(), why);
        } else if (request instanceof MineRequest m) {
            reply = new MineReply(m.requestId(), Map.of(), why);
        } else {
            reply = new PillarReply(((PillarRequest) request).requestId(), Map.of(), why);
        }
        minion.send(reply);
    }

    private MasterReply answer(Session minion, MinionRequest request) {
        if (request instanceof FileRequest f) {
            try {
                return files.serve(minion.peerId(), f);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return FileReply.without(f.requestId(), FileReply.Status.NOT_FOUND);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "serving " + f.path() + " to " + minion.peerId() + " failed: " + e.getMessage());
                return FileReply.without(f.requestId(), FileReply.Status.NOT_FOUND);
            }
        }
        if (request instanceof FileListRequest l) {
            try {
                return files.list(l);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "listing " + l.path() + " for " + minion.peerId() + " failed: " + e.getMessage());
                return FileListReply.without(l.requestId(), FileListReply.Status.NOT_FOUND);
            }
        }
        if (request instanceof MineUpdate u) {
            return mine.update(minion.peerId(), u);
        }
        if (request instanceof MineRequest m) {
            return mine.read(minion.peerId(), m);
        }
        PillarRequest p = (PillarRequest) request;
        try {
            return new PillarReply(p.requestId(), pillar.compile(minion.peerId(), grainsOf.apply(minion.peerId())), null);
        } catch (PillarCompiler.PillarException e) {
            LOG.log(Level.WARNING, "pillar for " + minion.peerId() + " failed: " + e.getMessage());
            return new PillarReply(p.requestId(), Map.of(), e.getMessage());
        }
    }
}
