package io.brine.master;

import java.util.List;

/**
 * A job whose target selected no minion, refused before anything was recorded or sent, when the caller asked for
 * that ({@link MasterClient#requiringMatch()}): the REST API answers {@code 422}, as {@code brine run} says
 * "No command was sent".
 *
 * <pre>{@code
 * try {
 *     master.client().requiringMatch().call(JobSpec.of("web*", "test.ping"));
 * } catch (NoMinionsMatchedException e) {
 *     System.out.println("nothing matched " + e.target() + "; grains unknown for " + e.undetermined());
 * }
 * }</pre>
 */
public final class NoMinionsMatchedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String target;
    private final transient List<String> undetermined;

    NoMinionsMatchedException(String target, List<String> undetermined) {
        super("no minions matched the target");
        this.target = target;
        this.undetermined = List.copyOf(undetermined);
    }

    /** The target expression that selected nobody. */
    public String target() {
        return target;
    }

    /** Accepted minions the target could not be decided for, because the master does not know their grains yet. */
    public List<String> undetermined() {
        return undetermined;
    }
}
