package io.brine.master;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The job cache's behaviours ({@link JobCacheBehaviours}) on its SQLite file, {@code cachedir/jobs.sqlite}. */
class JobCacheTest implements JobCacheBehaviours {
    @TempDir
    Path dir;

    @Override
    public JobCache open() {
        return JobCache.open(dir);
    }

    @Override
    public int manyJobs() {
        return 100_000;
    }
}
