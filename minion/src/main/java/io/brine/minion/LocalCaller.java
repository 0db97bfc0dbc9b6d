package io.brine.minion;

import io.brine.config.PrivateFiles;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.ProcessRunner;
import io.brine.protocol.MinionReturn;
import java.io.IOException;
import java.lang.System.Logger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs one function on this machine without a master, as Salt's {@code salt-call --local}: through the same job
 * runner as a minion's jobs (the config's function policy, return cap, timeout and the same failure returns), with
 * {@code master} standing in for the master's files and pillar.
 *
 * <pre>{@code
 * try (LocalCaller caller = new LocalCaller(config, FunctionRegistry.installed())) {
 *     MinionReturn r = caller.call(link, new JidGenerator().next(), "test.echo", List.of("hi"), Map.of(), Duration.ofMinutes(5));
 * }
 * }</pre>
 */
public final class LocalCaller implements AutoCloseable {
    private static final Logger LOG = System.getLogger(LocalCaller.class.getName());

    private final MinionConfig config;
    private final LiveFunctions functions;
    private final Map<String, Object> grains;
    private final MinionRuntime runtime;
    private final ProcessRunner processes = new ProcessRunner(LOG);

    public LocalCaller(MinionConfig config, FunctionRegistry functions) throws IOException {
        this.config = config;
        this.functions = new LiveFunctions(functions, config.extensions(), LOG);
        PrivateFiles.directory(config.cacheDir(), java.util.Set.of());
        this.grains = Grains.collect(config.id(), config.grains());
        this.runtime = new MinionRuntime("local-" + config.id());
    }

    /** This machine's grains, as its functions see them (and its pillar's top file targets them). */
    public Map<String, Object> grains() {
        return grains;
    }

    /**
     * Runs {@code function} as job {@code jid} and waits for its return, which says how it ended (as a minion's
     * return would).
     */
    public MinionReturn call(MasterLink master, String jid, String function, List<Object> args, Map<String, Object> kwargs,
            Duration timeout) throws InterruptedException {
        try (LocalCallRunner jobs = new LocalCallRunner(config, functions, () -> grains, master, new Control(), 1,
                processes, runtime)) {
            return jobs.call(jid, function, args, kwargs, timeout, () -> false); // the caller is this process
        }
    }

    @Override
    public void close() {
        processes.close();
        runtime.close();
    }

    /** The minion's own answers, without a master to tell of refreshed grains. */
    private final class Control implements io.brine.functions.MinionControl {
        @Override
        public Map<String, Object> refreshGrains() {
            return Grains.collect(config.id(), config.grains());
        }

        @Override
        public List<Map<String, Object>> runningJobs() {
            return List.of();
        }

        @Override
        public Map<String, Object> reloadModules() {
            io.brine.minion.extension.Extensions.Loaded loaded = functions.reload();
            return Map.of("registered", loaded.registered(), "refused", loaded.refused());
        }

        @Override
        public List<String> httpAllow() {
            return config.httpAllow();
        }

        @Override
        public boolean allowUndefined() {
            return config.allowUndefined();
        }

        @Override
        public List<Path> fileRootsAllowed() {
            return config.fileRootsAllowed();
        }

        @Override
        public io.brine.functions.FileProbes templateFileProbes() {
            return MinionFileProbes.of(config);
        }
    }
}
