package io.brine.config;

import java.util.Objects;

/**
 * What one check of a setting against this host found: {@code OK}, {@code WARN} (worth a look, not fatal) or
 * {@code FAIL}, with a detail naming the address or path it concerns.
 *
 * <pre>{@code
 * Finding f = HostChecks.port("127.0.0.1", 4506);   // FAIL "127.0.0.1:4506 is already in use"
 * }</pre>
 */
public record Finding(Status status, String detail) {
    /** How a check came out; only {@code FAIL} stops a daemon or makes {@code brine doctor} exit 1. */
    public enum Status { OK, WARN, FAIL }

    public Finding {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }

    public static Finding ok(String detail) {
        return new Finding(Status.OK, detail);
    }

    public static Finding warn(String detail) {
        return new Finding(Status.WARN, detail);
    }

    public static Finding fail(String detail) {
        return new Finding(Status.FAIL, detail);
    }

    public boolean failed() {
        return status == Status.FAIL;
    }
}
