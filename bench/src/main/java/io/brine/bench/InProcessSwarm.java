package io.brine.bench;

import io.brine.minion.Minion;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Minions started in this JVM with {@link Minion#start}, exactly as {@code brine minion} starts one. */
final class InProcessSwarm implements Swarm {
    private final List<Minion> minions;

    private InProcessSwarm(List<Minion> minions) {
        this.minions = minions;
    }

    /** Starts the minions a few at a time: each start reads grains and key files, which is mostly waiting. */
    static InProcessSwarm start(Path root, int masterPort, List<String> ids) {
        List<Minion> started = Collections.synchronizedList(new ArrayList<>(ids.size()));
        ExecutorService starters = Executors.newFixedThreadPool(4);
        try {
            List<Future<Minion>> pending = new ArrayList<>();
            for (String id : ids) {
                pending.add(starters.submit(() -> started(started, Minion.start(MinionDirs.config(root, id, masterPort)))));
            }
            for (Future<Minion> f : pending) {
                f.get();
            }
        } catch (ExecutionException e) {
            started.forEach(Minion::close);
            throw new IllegalStateException("cannot start a swarm minion: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            started.forEach(Minion::close);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the swarm", e);
        } finally {
            starters.shutdown();
        }
        return new InProcessSwarm(new ArrayList<>(started));
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
    }
}
