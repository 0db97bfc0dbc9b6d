package io.brine.cli;

import io.brine.jobs.Batch;
import io.brine.targeting.TargetType;
import java.time.Duration;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options every job-publishing command shares: which master, how to target, how long, how to print. */
final class JobOptions {
    @Mixin
    MasterConfigOption config;

    // A heading of its own: picocli 4 lists the options of a headless group inside a mixin twice.
    @ArgGroup(exclusive = true, heading = "Target types (TARGET is a glob without one):%n")
    TargetFlags targetType = new TargetFlags();

    @Option(names = "--timeout", paramLabel = "S", description = "seconds to wait for returns; also bounds the job "
            + "on each minion (default: the master's timeout)")
    Integer timeoutSeconds;

    @Option(names = "--async", description = "cast: print the jid and return at once; see 'brine job show JID'")
    boolean async;

    @Option(names = "--out", defaultValue = "text", description = "text, json, jsonl (one line per return as it "
            + "arrives, then a summary) or yaml")
    String out;

    @Option(names = "--queue", paramLabel = "TTL", description = "a targeted minion that is not connected gets the "
            + "job when it connects within TTL (90s, 10m, 2h, 1d): its outcome reads queued, then expired (killed if "
            + "brine job kill cancels it first)")
    String queue;

    /** The queue time; null without --queue. */
    Duration queueTime() {
        if (queue == null) {
            return null;
        }
        try {
            return io.brine.api.TokenStore.lifetime(queue);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--queue " + e.getMessage());
        }
    }

    @Option(names = {"-b", "--batch"}, paramLabel = "N|P%", description = "run on at most N minions (or P%% of them) "
            + "at a time, starting the next as each returns")
    String batch;

    @Option(names = "--batch-wait", paramLabel = "S", description = "seconds to wait after a return before starting "
            + "the next minion of a batch")
    double batchWaitSeconds;

    /** The batch of {@code --batch} and {@code --batch-wait}, null without {@code --batch}; a usage error if bad. */
    Batch batchValue() {
        if (batch == null) {
            return null;
        }
        if (!(batchWaitSeconds >= 0)) {
            throw CliException.usage("--batch-wait must not be negative");
        }
        try {
            return Batch.parse(batch).withWait(Duration.ofMillis(Math.round(batchWaitSeconds * 1000)));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--batch: " + e.getMessage());
        }
    }

    /** One flag per target type; none is a glob. */
    static final class TargetFlags {
        @Option(names = {"-L", "--list"}, description = "TARGET is a comma-separated list of ids")
        boolean list;

        @Option(names = {"-E", "--pcre"}, description = "TARGET is a regular expression matched against ids")
        boolean pcre;

        @Option(names = {"-G", "--grain"}, description = "TARGET is grain:glob, e.g. os_family:Debian")
        boolean grain;

        @Option(names = "--grain-pcre", description = "TARGET is grain:regex")
        boolean grainPcre;

        @Option(names = {"-I", "--pillar"}, description = "TARGET is pillar:glob, e.g. role:web")
        boolean pillar;

        @Option(names = "--pillar-pcre", description = "TARGET is pillar:regex")
        boolean pillarPcre;

        @Option(names = {"-S", "--ipcidr"}, description = "TARGET is a subnet or address, e.g. 10.1.0.0/16")
        boolean ipcidr;

        @Option(names = {"-N", "--nodegroup"}, description = "TARGET is a nodegroup from the master config")
        boolean nodegroup;

        @Option(names = {"-C", "--compound"}, description = "TARGET is a compound expression, e.g. "
                + "'G@os:Debian and web* or L@db1,db2 and not E@canary-.*'")
        boolean compound;

        TargetType type() {
            return list ? TargetType.LIST : pcre ? TargetType.PCRE : grain ? TargetType.GRAIN
                    : grainPcre ? TargetType.GRAIN_PCRE : pillar ? TargetType.PILLAR
                    : pillarPcre ? TargetType.PILLAR_PCRE : ipcidr ? TargetType.IPCIDR
                    : nodegroup ? TargetType.NODEGROUP : compound ? TargetType.COMPOUND : TargetType.GLOB;
        }
    }
}
