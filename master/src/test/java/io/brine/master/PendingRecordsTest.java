package io.brine.master;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;

/**
 * The records waiting to be written ({@link PendingRecordsBehaviours}) over the job cache's SQLite file; another
 * connection holding its write lock keeps the writer from writing.
 */
class PendingRecordsTest implements PendingRecordsBehaviours {
    @TempDir
    Path dir;

    @Override
    public JobCache open() {
        return JobCache.open(dir);
    }

    @Override
    public AutoCloseable refuseWrites() throws Exception {
        Connection other = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("jobs.sqlite"));
        Statement s = other.createStatement();
        s.execute("BEGIN IMMEDIATE");
        return () -> {
            s.execute("ROLLBACK");
            other.close();
        };
    }
}
