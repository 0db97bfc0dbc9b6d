package io.brine.config;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * One check of one configuration key against this host, run when asked (a daemon before it creates anything,
 * {@code brine doctor} whenever an operator wants): the key it concerns ({@code ret_port}, {@code api.tls_cert}
 * for a key inside {@code api}) and the check.
 *
 * <pre>{@code
 * new SettingCheck("ret_port", () -> HostChecks.port(cfg.iface(), cfg.retPort()))
 * }</pre>
 */
public record SettingCheck(String key, Supplier<Finding> check) {
    public SettingCheck {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(check, "check");
    }

    public Finding run() {
        return check.get();
    }
}
