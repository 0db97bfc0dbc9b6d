package io.brine.master;

import io.brine.jobs.Event;
import io.brine.master.internal.AuditLog;
import java.util.Map;

/**
 * What one caller may do beyond running jobs (rights such as {@code @keys}, API tokens, events it may watch), each
 * refusal audited, and the audit lines a front end writes as that caller. {@link MasterClient} answers through it.
 */
final class CallerRights {
    private final AccessPolicy access;
    private final AuditLog audit;
    private final Principal caller;

    CallerRights(AccessPolicy access, AuditLog audit, Principal caller) {
        this.access = access;
        this.audit = audit;
        this.caller = caller;
    }

    void requireRight(String right, String what) {
        try {
            access.checkRight(caller, right, what);
        } catch (AccessDeniedException e) {
            audit.record(caller, "refused", Map.of("function", right, "outcome", e.getMessage()));
            throw e;
        }
    }

    void requireTokenName(String tokenName, String what) {
        try {
            access.checkTokenName(caller, tokenName, what);
        } catch (AccessDeniedException e) {
            audit.record(caller, "refused", Map.of("function", "token." + what, "token", tokenName,
                    "outcome", e.getMessage()));
            throw e;
        }
    }

    boolean mayManageToken(String tokenName) {
        return access.mayManageToken(caller, tokenName);
    }

    boolean mayWatch(Event event) {
        return EventVisibility.mayWatch(access, caller, event);
    }

    void audit(String action, Map<String, Object> fields) {
        audit.record(caller, action, fields);
    }

    void requireAudit(String action, Map<String, Object> fields) {
        audit.requireWritable(caller, action, fields);
    }
}
