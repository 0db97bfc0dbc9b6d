package io.brine.master;

/**
 * An action refused because the master's audit log cannot record it durably and {@code audit_required: true} says
 * nothing may happen unrecorded: nothing was done. {@code brine} exits 2 with the message; the REST API answers
 * {@code 503} with {@code reason: audit_log}. The refusal itself is recorded (in memory until the log can be
 * written) and counted ({@code brine_audit_refusals_total}).
 *
 * <pre>{@code
 * try {
 *     master.keys().accept("web1");
 * } catch (AuditUnavailableException e) {
 *     System.out.println("not accepted: " + e.getMessage());
 * }
 * }</pre>
 */
public final class AuditUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The reason's name in counters and answers. */
    public static final String REASON = "audit_log";

    public AuditUnavailableException(String message) {
        super(message);
    }
}
