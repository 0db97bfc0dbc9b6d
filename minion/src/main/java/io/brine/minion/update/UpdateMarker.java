package io.brine.minion.update;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;

/**
 * What an update in progress left for the next start, in the versions directory, as a few {@code key=value}
 * lines: {@value #TRIAL} while a new version is on trial (the launcher runs it; it becomes {@value #CURRENT} once it
 * has reconnected and the master has stored the update's return), {@value #FAILED} when the launcher gave up on it
 * (the previous version, started again, reports {@code rolled-back}).
 *
 * @param version the new version
 * @param from the version that installed it
 * @param jid the update job, whose return the next start sends
 * @param deadlineMillis when the launcher gives up on the new version (epoch milliseconds)
 */
public record UpdateMarker(String version, String from, String jid, long deadlineMillis) {
    public static final String TRIAL = "trial";
    public static final String FAILED = "trial.failed";
    public static final String CURRENT = "current";
    /** Where the launcher writes what the version on trial printed. */
    public static final String START_LOG = "start.log";
    private static final long MAX_BYTES = 4096;

    String text() {
        return "version=" + version + "\nfrom=" + from + "\njid=" + jid + "\ndeadline=" + deadlineMillis / 1000 + "\n";
    }

    /** Writes the marker {@code name} in {@code dir} at once (a temporary file renamed over it). */
    public void write(Path dir, String name) throws IOException {
        Path temp = dir.resolve(name + ".tmp");
        Files.writeString(temp, text(), StandardCharsets.UTF_8);
        Files.move(temp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The marker {@code name} in {@code dir}, if there is a readable one. */
    public static Optional<UpdateMarker> readFrom(Path dir, String name) {
        Path file = dir.resolve(name);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            Properties p = new Properties();
            p.load(new StringReader(Files.readString(file, StandardCharsets.UTF_8)));
            return Optional.of(new UpdateMarker(p.getProperty("version", ""), p.getProperty("from", ""),
                    p.getProperty("jid", ""), Long.parseLong(p.getProperty("deadline", "0")) * 1000));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
