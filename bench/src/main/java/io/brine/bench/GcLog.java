package io.brine.bench;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM's collections, from its unified GC log ({@code -Xlog:gc:file=...}): the same measure as
 * {@link HeapAfterGc} for a process the bench cannot listen to, the heap occupied right after each collection,
 * read from lines such as {@code GC(7) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 1.234ms}.
 * The JVM flushes each line as it writes it, so a mark taken before a transfer and a read after it see
 * exactly the collections in between.
 */
final class GcLog {
    private static final Pattern AFTER = Pattern.compile("\\d+[KMG]->(\\d+)([KMG])\\(\\d+[KMG]\\)");

    private final Path file;

    GcLog(Path file) {
        this.file = file;
    }

    /** The JVM option that makes a child write this log. */
    String jvmOption() {
        return "-Xlog:gc:file=" + file;
    }

    /** Where the log ends now: pass it to {@link #since} to see only the collections after this point. */
    long mark() throws IOException {
        return Files.exists(file) ? Files.size(file) : 0;
    }

    /** The collections logged after {@code mark}: how many, and the highest heap after one of them. */
    Collections since(long mark) throws IOException {
        if (!Files.exists(file)) {
            return new Collections(0, 0);
        }
        byte[] tail;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            tail = new byte[(int) Math.max(0, f.length() - mark)];
            f.seek(mark);
            f.readFully(tail);
        }
        int count = 0;
        double peak = 0;
        Matcher m = AFTER.matcher(new String(tail, StandardCharsets.UTF_8));
        while (m.find()) {
            count++;
            peak = Math.max(peak, mib(Long.parseLong(m.group(1)), m.group(2)));
        }
        return new Collections(count, peak);
    }

    private static double mib(long value, String unit) {
        return switch (unit) {
            case "K" -> value / 1024.0;
            case "G" -> value * 1024.0;
            default -> value;
        };
    }

    /** Collections in a stretch of the log, and the most heap one of them left occupied (MiB, whole MiB). */
    record Collections(int count, double peakAfterMib) {
    }
}
