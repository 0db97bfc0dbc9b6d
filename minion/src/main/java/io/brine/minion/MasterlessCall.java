package io.brine.minion;

import io.brine.config.ConfigFile;
import io.brine.config.TemplateRenderer;
import io.brine.fileserver.MasterlessFiles;
import io.brine.functions.FunctionRegistry;
import io.brine.jobs.Job;
import io.brine.jobs.MinionResult;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.MinionReturn;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One function run on this machine with no master ({@code brine call --local}, {@code brine state apply --local}),
 * its files and pillar read from the minion config's {@code file_roots} and {@code pillar_roots}, its return in
 * the job a master would report with this one minion (keyed by the config's id), so that it prints and
 * exits exactly as the master path does. Both {@code brine} commands, the full CLI's and the minion package's, run
 * it.
 *
 * <pre>{@code
 * Job job = new MasterlessCall(Path.of("/etc/brine/minion.yaml"))
 *         .call("state.apply", List.of(), Map.of("mods", "webserver", "test", true), MasterlessCall.DEFAULT_TIMEOUT);
 * }</pre>
 */
public final class MasterlessCall {
    /** salt-call waits as long as the function runs; a day bounds a function that never ends. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofDays(1);

    private final MinionConfig config;
    private final MasterlessConfig local;

    /** Reads the minion config; it must name {@code file_roots} and {@code pillar_roots} or hold them at defaults. */
    public MasterlessCall(Path minionConfig) {
        ConfigFile file = ConfigFile.load(minionConfig);
        this.config = MinionConfig.from(file);
        this.local = MasterlessConfig.from(file);
        local.requireRoots(file.has("file_roots"), file.has("pillar_roots"));
    }

    /** Whether the minion config at {@code file} says {@code file_client: local}. */
    public static boolean fileClientLocal(Path file) {
        return MasterlessConfig.from(ConfigFile.load(file)).local();
    }

    /**
     * A function run on this machine, as a master reports a job with this one minion, so that it prints and exits
     * as the master path does.
     */
    static Job oneMinionJob(String jid, String function, List<Object> args, Map<String, Object> kwargs,
            String id, long startMillis, Duration timeout, MinionReturn result) {
        MinionResult r = new MinionResult(result.ret(), result.retcode(), result.success(),
                Instant.ofEpochMilli(result.startMillis()), Instant.ofEpochMilli(result.endMillis()));
        return new Job(jid, function, args, kwargs, id, TargetType.LIST, "local", Instant.ofEpochMilli(startMillis),
                timeout, List.of(id), Map.of(id, r), Map.of(), true);
    }

    /** Runs {@code function} here and waits for it, at most {@code timeout}. */
    public Job call(String function, List<Object> args, Map<String, Object> kwargs, Duration timeout)
            throws IOException, InterruptedException {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("--timeout must be positive");
        }
        MasterlessFiles files = new MasterlessFiles(local.fileRoots(), local.pillarRoots(),
                TemplateRenderer.installed());
        long start = System.currentTimeMillis();
        String jid = new JidGenerator().next();
        MinionReturn result;
        try (LocalCaller caller = new LocalCaller(config, FunctionRegistry.installed())) {
            LocalMaster master = new LocalMaster(files, config.id(), caller::grains);
            result = caller.call(master, jid, function, args, kwargs, timeout);
        }
        String id = config.id();
        return oneMinionJob(jid, function, args, kwargs, id, start, timeout, result);
    }
}
