package io.brine.functions;

/**
 * In test mode, what earlier states of the same run said they would do. A state whose prerequisite does not
 * exist yet, but would be made by a state above it (a user's group, a file's directory), asks here and reports
 * the change it would make ({@code None}), as the real run would succeed, instead of failing.
 *
 * <pre>{@code
 * if (!groupExists(g) && !ctx.pending().willApply("group.present", g)) return StateResult.failed(...);
 * }</pre>
 */
@FunctionalInterface
public interface PendingStates {
    /** Nothing is pending: outside test mode, or before any state ran. */
    PendingStates NONE = (function, name) -> false;

    /** True if a state {@code function} (such as {@code group.present}) named {@code name} would change something. */
    boolean willApply(String function, String name);
}
