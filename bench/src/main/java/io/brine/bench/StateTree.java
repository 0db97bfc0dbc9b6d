package io.brine.bench;

import io.brine.jobs.MinionResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The state scenario's tree in the master's file root ({@code bench/rN.sls}, one per round, and the file they
 * manage, {@code bench/app.conf}), the paths it creates under the bench's work directory, and what a correct
 * run of it returns.
 */
final class StateTree {
    static final int STATES = 3;
    private static final String APP_CONF = "# written by brine bench\nlisten = 127.0.0.1:8080\nworkers = 4\n";

    private final Path slsDir;
    private final Path out;

    private StateTree(Path slsDir, Path out) {
        this.slsDir = slsDir;
        this.out = out;
    }

    /** Writes the managed file into {@code fileRoot/bench}; the states will create their paths under {@code out}. */
    static StateTree write(Path fileRoot, Path out) throws IOException {
        // The paths go into YAML and a shell command unescaped: a work directory with quotes would break both.
        if (out.toString().matches(".*['\"\\\\\\s].*")) {
            throw new IllegalStateException("the state scenario needs a work directory without quotes, "
                    + "backslashes or spaces: " + out);
        }
        Path slsDir = Files.createDirectories(fileRoot.resolve("bench"));
        Files.writeString(slsDir.resolve("app.conf"), APP_CONF);
        return new StateTree(slsDir, out);
    }

    /** Writes round {@code n}'s sls file, whose states target fresh paths; returns its name for state.sls. */
    String round(int n) throws IOException {
        Path dir = out.resolve("r" + n);
        String sls = """
                "%1$s/conf":
                  file.directory:
                    - makedirs: true
                    - mode: "0750"

                "%1$s/conf/app.conf":
                  file.managed:
                    - source: brine://bench/app.conf
                    - mode: "0640"
                    - require:
                      - file: "%1$s/conf"

                build:
                  cmd.run:
                    - name: "echo built > %1$s/built"
                    - creates: "%1$s/built"
                    - require:
                      - file: "%1$s/conf/app.conf"
                """.formatted(dir);
        Files.writeString(slsDir.resolve("r" + n + ".sls"), sls);
        return "bench.r" + n;
    }

    /**
     * Why {@code ret} is not a successful run of the three states, with changes in each (a first run) or in none
     * (a second run); null if it is.
     */
    static String check(MinionResult ret, boolean expectChanges) {
        if (ret == null) {
            return "the minion did not return";
        }
        if (!ret.success() || !(ret.ret() instanceof Map<?, ?> states)) {
            return "it failed (retcode " + ret.retcode() + "): " + ret.ret();
        }
        if (states.size() != STATES) {
            return "expected " + STATES + " states, got " + states.keySet();
        }
        for (Map.Entry<?, ?> e : states.entrySet()) {
            if (!(e.getValue() instanceof Map<?, ?> state) || !Boolean.TRUE.equals(state.get("result"))) {
                return e.getKey() + " did not succeed: " + e.getValue();
            }
            boolean changed = state.get("changes") instanceof Map<?, ?> changes && !changes.isEmpty();
            if (changed != expectChanges) {
                return e.getKey() + (expectChanges ? " changed nothing" : " changed again: " + state.get("changes"));
            }
        }
        return null;
    }

    /** Removes the rounds' sls files and everything the states created. */
    void delete() throws IOException {
        WorkFiles.deleteTree(out);
        WorkFiles.deleteTree(slsDir);
    }
}
