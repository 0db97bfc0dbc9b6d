package io.brine.bench;

import io.brine.functions.FunctionRegistry;
import io.brine.minion.Minion;
import io.brine.minion.MinionRuntime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Minions started in this JVM with {@link Minion#start}, as {@code brine minion} starts one, on one shared
 * {@link MinionRuntime}: one dealer thread, one job pool and one timer for the whole swarm, which is how a
 * process holds 1,000 minions (a runtime each would cost some 4,000 threads).
 */
final class InProcessSwarm implements Swarm {
    private final List<Minion> minions;
    private final MinionRuntime runtime;

    private InProcessSwarm(List<Minion> minions, MinionRuntime runtime) {
        this.minions = minions;
        this.runtime = runtime;
    }

    /** Starts the minions a few at a time: each start reads grains and key files, which is mostly waiting. */
    static InProcessSwarm start(Path root, int masterPort, List<String> ids) {
        return start(root, masterPort, 0, ids);
    }

    /** As above; with a {@code failoverPort} (not 0), each minion fails over to the master there (a cluster's). */
    static InProcessSwarm start(Path root, int masterPort, int failoverPort, List<String> ids) {
        return start(root, masterPort, failoverPort, null, ids);
    }

    /** As above; with {@code https} (not null), each minion reaches its master over HTTPS there. */
    static InProcessSwarm start(Path root, int masterPort, int failoverPort, HttpsTarget https, List<String> ids) {
        List<Minion> started = Collections.synchronizedList(new ArrayList<>(ids.size()));
        MinionRuntime runtime = new MinionRuntime("swarm");
        ExecutorService starters = Executors.newFixedThreadPool(4);
        try {
            List<Future<Minion>> pending = new ArrayList<>();
            for (String id : ids) {
                pending.add(starters.submit(() -> started(started,
                        Minion.start(MinionDirs.config(root, id, masterPort, failoverPort, https), FunctionRegistry.installed(),
                                runtime))));
            }
            for (Future<Minion> f : pending) {
                f.get();
            }
        } catch (ExecutionException e) {
            started.forEach(Minion::close);
            runtime.close();
            throw new IllegalStateException("cannot start a swarm minion: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            started.forEach(Minion::close);
            runtime.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the swarm", e);
        } finally {
            starters.shutdown();
        }
        return new InProcessSwarm(new ArrayList<>(started), runtime);
    }

    private static Minion started(List<Minion> all, Minion m) {
        all.add(m);
        return m;
    }

    @Override
    public int size() {
        return minions.size();
    }

    @Override
    public void close() {
        minions.forEach(Minion::close);
        runtime.close();
    }
}
