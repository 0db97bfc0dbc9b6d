package io.brine.cli;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options every job-publishing command shares: which master, how to target, how long, how to print. */
final class JobOptions {
    @Mixin
    MasterConfigOption config;

    @ArgGroup(exclusive = true)
    TargetType targetType = new TargetType();

    @Option(names = "--timeout", paramLabel = "S", description = "seconds to wait for returns; also bounds the job "
            + "on each minion (default: the master's timeout)")
    Integer timeoutSeconds;

    @Option(names = "--async", description = "cast: print the jid and return at once; see 'brine job show JID'")
    boolean async;

    @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
    String out;

    static final class TargetType {
        @Option(names = {"-L", "--list"}, description = "TARGET is a comma-separated list of ids")
        boolean list;

        @Option(names = {"-E", "--pcre"}, description = "TARGET is a regular expression matched against ids")
        boolean pcre;

        String type() {
            return list ? "list" : pcre ? "pcre" : "glob";
        }
    }
}
