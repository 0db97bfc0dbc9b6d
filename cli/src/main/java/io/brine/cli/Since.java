package io.brine.cli;

import io.brine.jobs.JobFilter;
import java.time.Instant;

/**
 * Reads {@code --since}: a span back from now (30m, 2h, 7d) or a UTC time (2026-11-22, 2026-11-22T10:00), as
 * {@link JobFilter#since} reads it for every front end (the REST API's {@code GET /jobs?since=} too).
 */
final class Since {
    private Since() {
    }

    static Instant parse(String text, Instant now) {
        try {
            return JobFilter.since(text, now);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--since takes 30m, 2h, 7d or a UTC time such as 2026-11-22T10:00, not '" + text
                    + "'");
        }
    }
}
