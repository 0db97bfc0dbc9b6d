package io.brine.cli;

import io.brine.config.Finding;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * {@code brine doctor}'s look at the host: free space where the daemon keeps its cache, and the clock.
 *
 * <p>Disk: FAIL under {@value #FAIL_BELOW_MIB} MiB free (SQLite cannot commit, returns are lost), warn under
 * {@value #WARN_BELOW_MIB} MiB or 5 % free. Clock: the year must be from {@value #EARLIEST_YEAR} to
 * {@value #LATEST_YEAR} (a machine booted without a real-time clock says 1970, and job ids, key filing and log
 * times all depend on it); Brine's protocol carries no time of the master's, so skew between the two is not
 * measured.
 */
final class HostHealth {
    static final long FAIL_BELOW_MIB = 100;
    static final long WARN_BELOW_MIB = 1024;
    static final int EARLIEST_YEAR = 2024;
    static final int LATEST_YEAR = 2100;

    private HostHealth() {
    }

    static Finding disk(Path cacheDir) {
        Path existing = cacheDir.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Finding.fail("no existing directory on the way to " + cacheDir);
        }
        try {
            FileStore store = Files.getFileStore(existing);
            long free = store.getUsableSpace();
            long total = store.getTotalSpace();
            long mib = free / (1024 * 1024);
            String detail = mib + " MiB free of " + total / (1024 * 1024) + " MiB on " + store.name()
                    + " (" + existing + ")";
            if (mib < FAIL_BELOW_MIB) {
                return Finding.fail(detail + "; under " + FAIL_BELOW_MIB + " MiB the job cache cannot keep returns");
            }
            if (mib < WARN_BELOW_MIB || (total > 0 && free * 20 < total)) {
                return Finding.warn(detail + "; under " + WARN_BELOW_MIB + " MiB or 5 % free");
            }
            return Finding.ok(detail);
        } catch (IOException e) {
            return Finding.fail("cannot tell the free space at " + existing + ": " + e.getMessage());
        }
    }

    static Finding clock(Clock clock) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        int year = now.atOffset(ZoneOffset.UTC).getYear();
        if (year < EARLIEST_YEAR || year > LATEST_YEAR) {
            return Finding.fail("the time here is " + now + "; set the clock (NTP) before running Brine");
        }
        return Finding.ok(now + " (the year is plausible; skew with the master is not measured: the protocol "
                + "carries no time)");
    }
}
