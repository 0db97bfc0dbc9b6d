package io.brine.bench;

import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * {@code MinionMain MINION_YAML}: one minion in a JVM of its own, started as {@code brine minion -c MINION_YAML}
 * starts it, for when the bench runs without the brine jar (its tests). It stops when its standard input
 * closes, so it never outlives the bench.
 */
public final class MinionMain {
    private MinionMain() {
    }

    public static void main(String[] args) throws IOException {
        ChildLogging.warningsOnly();
        try (Minion minion = Minion.start(MinionConfig.load(Path.of(args[0])))) {
            System.out.println("started " + minion.id());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // wait for the parent to close our stdin
            }
        }
        System.exit(0);
    }
}
