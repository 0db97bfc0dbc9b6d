package io.brine.modules.cron;

/** A {@code NAME=value} line of the Salt-managed part of a crontab; an empty value is written {@code NAME=""}. */
record CronEnv(String name, String value) {
    CronEnv {
        value = value == null || value.equals("\"\"") ? "" : value;
    }

    String line() {
        return name + "=" + (value.isEmpty() ? "\"\"" : value);
    }
}
