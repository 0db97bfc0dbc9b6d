package io.brine.minion.schedule;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.PrivateFiles;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Keeps the schedule's {@link RuntimeChanges} in {@code cachedir/schedule.json}, so that {@code schedule.add} and
 * the like survive a restart, as Salt's {@code _schedule.conf} does. The file is 0600 from its creation (a missing
 * cachedir is made 0700; an existing one keeps the mode the minion gave it). Each save writes a temporary file,
 * syncs it and renames it over the old one: a crash leaves the old file or the new one.
 *
 * <p>A file that cannot be read as one (not JSON, another shape, another version) is not thrown away: it is renamed
 * to {@code schedule.json.unreadable-<UTC time>} with an error in the log, and the schedule starts with no runtime
 * changes; {@link Loaded#problem()} says so, for {@code MinionSchedule.problems()}.
 */
final class ScheduleStore {
    private static final Logger LOG = System.getLogger(ScheduleStore.class.getName());
    static final String FILE_NAME = "schedule.json";
    private static final DateTimeFormatter ASIDE_STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Path dir;
    private final Path file;
    private final Clock clock;
    private final ObjectMapper json = new ObjectMapper();

    /** The store in {@code cachedir}; nothing is read or written until asked. */
    ScheduleStore(Path cachedir, Clock clock) {
        this.dir = cachedir;
        this.file = cachedir.resolve(FILE_NAME);
        this.clock = clock;
    }

    /**
     * What was loaded, and why it is empty if the file could not be read.
     *
     * @param problem a sentence for the operator, or null
     */
    record Loaded(RuntimeChanges changes, String problem) {
    }

    Path file() {
        return file;
    }

    /**
     * Reads the changes saved last, or none if nothing was saved.
     *
     * @throws IOException if the file exists and cannot be read or set aside (permissions, disk): the caller does
     *     not start with an empty schedule that would overwrite it
     */
    Loaded load() throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new Loaded(RuntimeChanges.NONE, null);
        }
        try {
            return new Loaded(RuntimeChanges.fromJson(json.readValue(bytes, Object.class)), null);
        } catch (JacksonException | IllegalArgumentException e) {
            return setAside(e.getMessage());
        }
    }

    /** Writes {@code changes} in place of what was saved. */
    void save(RuntimeChanges changes) throws IOException {
        if (!Files.isDirectory(dir)) {
            // only a missing one: the minion may let its event socket's group traverse an existing cachedir (0710)
            PrivateFiles.directory(dir);
        }
        Path temp = dir.resolve(FILE_NAME + ".tmp");
        Files.deleteIfExists(temp);
        PrivateFiles.file(temp);
        byte[] bytes = json.writerWithDefaultPrettyPrinter().writeValueAsBytes(changes.toJson());
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            out.force(true);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private Loaded setAside(String why) throws IOException {
        String firstLine = why == null ? "unreadable" : why.lines().findFirst().orElse(why);
        Path aside = dir.resolve(FILE_NAME + ".unreadable-" + ASIDE_STAMP.format(clock.instant()));
        Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        String problem = "runtime schedule changes in " + file + " could not be read (" + firstLine + "); the file "
                + "was renamed to " + aside.getFileName() + " and the schedule started without them";
        LOG.log(Level.ERROR, problem);
        return new Loaded(RuntimeChanges.NONE, problem);
    }
}
