package io.brine.bench;

import io.brine.minion.Minion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Minions started in this JVM with {@link Minion#start}, exactly as {@code brine minion} starts one. */
final class InProcessSwarm implements Swarm {
    private final List<Minion> minions;

    private InProcessSwarm(List<Minion> minions) {
        this.minions = minions;
    }

    static InProcessSwarm start(Path root, int masterPort, List<String> ids) {
        List<Minion> started = new ArrayList<>(ids.size());
        try {
            for (String id : ids) {
                started.add(Minion.start(MinionDirs.config(root, id, masterPort)));
            }
        } catch (IOException e) {
            started.forEach(Minion::close);
            throw new UncheckedIOException("cannot start swarm minion", e);
        }
        return new InProcessSwarm(started);
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
