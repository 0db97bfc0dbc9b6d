package io.brine.master;

/**
 * How many unknown minion keys strangers may file for review ({@code max_pending_keys}, default 1,000 waiting at
 * once; {@code new_keys_per_minute}, default 60 from one source address a minute). Keys beyond either are not
 * filed; their minions wait as pending ones do and ask again.
 */
public record KeyFilingLimits(int maxPendingKeys, int newKeysPerMinute) {
    public static final KeyFilingLimits DEFAULTS = new KeyFilingLimits(1000, 60);

    public KeyFilingLimits {
        if (maxPendingKeys < 0 || newKeysPerMinute < 1) {
            throw new IllegalArgumentException("max_pending_keys must be >= 0 and new_keys_per_minute >= 1, not "
                    + maxPendingKeys + " and " + newKeysPerMinute);
        }
    }
}
