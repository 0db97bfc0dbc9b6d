package io.brine.states;

import io.brine.functions.ProcessRunner;

/** One command runner for the state tests, as a minion has one; its guard ends with the test JVM. */
public final class Runners {
    public static final ProcessRunner LOCAL = new ProcessRunner(System.getLogger("io.brine.states.test"));

    private Runners() {
    }
}
