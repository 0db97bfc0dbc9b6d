package io.brine.master;

/**
 * What one minion may make the master store or hold, whatever it sends.
 *
 * @param maxPushBytes   {@code max_push_bytes}: the most bytes one minion may push within one {@code cp.push}
 *                       job (default 1 GiB; Salt's {@code file_recv_max_size} is 100 MB, but guests push backups
 *                       and disk images here); pushes are accepted only for a running {@code cp.push} job that
 *                       targeted that minion
 * @param maxReturnSize  {@code max_return_size}: the largest return kept; a larger one is replaced by a
 *                       failed return saying it was too large and how large it was (default 4 MiB; the minion
 *                       truncates its own output below this, with a marker)
 */
public record MinionQuotas(long maxPushBytes, int maxReturnSize) {
    public static final MinionQuotas DEFAULTS = new MinionQuotas(1L << 30, 4 * 1024 * 1024);
}
