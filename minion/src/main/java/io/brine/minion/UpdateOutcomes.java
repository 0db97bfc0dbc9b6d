package io.brine.minion;

import io.brine.minion.update.UpdateMarker;
import io.brine.protocol.BrineVersion;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MinionReturn;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a minion's start makes of an update in progress (docs/updates.md), before its return spool opens: the new
 * version on trial files the update job's return {@code updated FROM -> TO} (and becomes current once the master
 * has stored it: {@link #commit}); the previous version, started again after the launcher gave up on the new one,
 * files {@code rolled-back} with the new version's last lines. Either return replaces the job's "running"
 * marker, so the job is answered once, by the version that knows how it ended.
 */
final class UpdateOutcomes {
    private static final Logger LOG = System.getLogger(UpdateOutcomes.class.getName());
    static final int LOG_LINES = 20;

    private UpdateOutcomes() {
    }

    /** The trial this start is, to commit once its return is stored; empty when this start is no trial. */
    static Optional<UpdateMarker> onStart(Path versions, Path spool) {
        Optional<UpdateMarker> failed = UpdateMarker.readFrom(versions, UpdateMarker.FAILED);
        Optional<UpdateMarker> trial = UpdateMarker.readFrom(versions, UpdateMarker.TRIAL);
        if (trial.isPresent() && !trial.get().version().equals(BrineVersion.CURRENT)) {
            failed = trial; // the launcher started another version while one was on trial: that trial failed
            trial = Optional.empty();
        }
        try {
            if (failed.isPresent()) {
                UpdateMarker m = failed.get();
                String why = "rolled-back: " + m.version() + " did not reconnect and answer within its update_timeout; "
                        + "running " + BrineVersion.CURRENT + " again" + lastLines(versions.resolve(m.version()));
                ReturnSpool.fileInPlaceOfRunning(spool, new JobReturn(m.jid(), MinionReturn.failed(1, why, now(), now())));
                LOG.log(Level.WARNING, "update job " + m.jid() + ": " + why);
                io.brine.minion.update.SelfUpdate.deleteTree(versions.resolve(m.version()));
                Files.deleteIfExists(versions.resolve(UpdateMarker.FAILED));
                Files.deleteIfExists(versions.resolve(UpdateMarker.TRIAL));
            }
            if (trial.isPresent()) {
                UpdateMarker m = trial.get();
                ReturnSpool.fileInPlaceOfRunning(spool, new JobReturn(m.jid(), MinionReturn.ok("updated " + m.from() + " -> " + m.version(),
                        now(), now())));
                LOG.log(Level.WARNING, "update job " + m.jid() + ": running " + m.version() + " (was " + m.from()
                        + "); it becomes the current version once the master has the job's return");
            }
        } catch (IOException e) {
            LOG.log(Level.ERROR, "cannot file the outcome of an update in " + spool + ": " + e.getMessage());
        }
        return trial;
    }

    /** The trial answered: it is the version the launcher runs from now on. */
    static void commit(Path versions, UpdateMarker trial) {
        try {
            Path temp = versions.resolve(UpdateMarker.CURRENT + ".tmp");
            Files.writeString(temp, trial.version() + "\n", StandardCharsets.UTF_8);
            Files.move(temp, versions.resolve(UpdateMarker.CURRENT), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(versions.resolve(UpdateMarker.TRIAL));
            LOG.log(Level.WARNING, "update job " + trial.jid() + ": " + trial.version() + " is the current version");
        } catch (IOException e) {
            LOG.log(Level.ERROR, "cannot make " + trial.version() + " the current version: " + e.getMessage()
                    + "; the launcher will roll it back");
        }
    }

    private static String lastLines(Path versionDir) {
        Path log = versionDir.resolve(UpdateMarker.START_LOG);
        try {
            if (!Files.isRegularFile(log)) {
                return "";
            }
            List<String> lines = new ArrayList<>();
            try (var in = Files.lines(log, StandardCharsets.UTF_8)) {
                in.forEach(l -> {
                    lines.add(l.length() > 300 ? l.substring(0, 300) + "..." : l);
                    if (lines.size() > LOG_LINES) {
                        lines.remove(0);
                    }
                });
            }
            return lines.isEmpty() ? "" : "; its last lines:\n" + String.join("\n", lines);
        } catch (IOException | java.io.UncheckedIOException e) {
            return "; its log could not be read: " + e.getMessage();
        }
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
