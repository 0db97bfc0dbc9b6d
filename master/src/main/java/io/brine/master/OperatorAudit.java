package io.brine.master;

import io.brine.master.internal.AuditLog;
import java.io.IOException;
import java.util.Map;

/**
 * The master's audit trail, for what its local operator changes in the master's directories beside it (authorised
 * clients, tokens, minion keys while no master runs): the lines the master itself would write, as
 * {@code local} by {@code cli:USER}. Closing it writes what is still buffered.
 *
 * <pre>{@code
 * try (OperatorAudit audit = OperatorAudit.open(config, System.getProperty("user.name"))) {
 *     audit.record("client.create", Map.of("client", "heat", "outcome", "created"));
 * }
 * }</pre>
 */
public final class OperatorAudit implements AutoCloseable {
    private final AuditLog log;
    private final Principal operator;

    private OperatorAudit(AuditLog log, Principal operator) {
        this.log = log;
        this.operator = operator;
    }

    /**
     * Opens the audit log {@code config} names (creating it, 0600) for the local operator, the OS user
     * {@code user}.
     */
    public static OperatorAudit open(MasterConfig config, String user) throws IOException {
        return new OperatorAudit(AuditLog.open(config), new Principal(Master.LOCAL_CLIENT, true, "cli:" + user));
    }

    /** One line: {@code action} (e.g. {@code key.rejected}) with its fields, secrets redacted. */
    public void record(String action, Map<String, Object> fields) {
        log.record(operator, action, fields);
    }

    @Override
    public void close() {
        log.close();
    }
}
