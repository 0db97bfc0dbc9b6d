package io.brine.functions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A command's process and everything it started. Descendants are remembered while the command runs because
 * once their parent exits they are re-parented and {@link ProcessHandle#descendants()} no longer finds them,
 * yet they may still hold our pipes open or keep working after a timeout. A child orphaned before we first
 * looked cannot be found this way; it is left to run out, its output no longer awaited after the deadline.
 */
final class ProcessTree {
    private final ProcessHandle root;
    private final Set<ProcessHandle> seen = new LinkedHashSet<>();

    ProcessTree(ProcessHandle root) {
        this.root = root;
    }

    void remember() {
        root.descendants().forEach(seen::add);
    }

    /** Asks every process to terminate and waits up to {@code grace}; false if interrupted while waiting. */
    boolean terminate(Duration grace) {
        List<ProcessHandle> all = all();
        all.forEach(ProcessHandle::destroy);
        return awaitExit(all, grace);
    }

    /** Forces every process still running to stop and waits up to {@code limit}; false if interrupted. */
    boolean forceKill(Duration limit) {
        List<ProcessHandle> all = all();
        all.stream().filter(ProcessTree::running).forEach(ProcessHandle::destroyForcibly);
        return awaitExit(all, limit);
    }

    private List<ProcessHandle> all() {
        remember();
        List<ProcessHandle> all = new ArrayList<>();
        all.add(root); // first, so that it cannot start replacements for the children we kill
        all.addAll(seen);
        return all;
    }

    /** False if interrupted while waiting. */
    private static boolean awaitExit(List<ProcessHandle> all, Duration limit) {
        long end = System.nanoTime() + limit.toNanos();
        try {
            while (all.stream().anyMatch(ProcessTree::running) && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    /**
     * Alive and not a zombie. A killed orphan stays a zombie until init reaps it, and in containers whose
     * init never reaps (or where the minion itself is pid 1) that is forever; it runs nothing, so it counts
     * as gone.
     */
    static boolean running(ProcessHandle p) {
        if (!p.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            int afterName = stat.lastIndexOf(')');
            return afterName < 0 || afterName + 2 >= stat.length() || stat.charAt(afterName + 2) != 'Z';
        } catch (IOException | SecurityException e) {
            return p.isAlive(); // no /proc: trust the JDK
        }
    }
}
