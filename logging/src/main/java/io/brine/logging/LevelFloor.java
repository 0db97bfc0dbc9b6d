package io.brine.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * The level of one output when standard error and the file differ ({@code log_level} and
 * {@code log_level_logfile}): the loggers let through the finer of the two, and each output drops what is below
 * its own, except from a logger with a level of its own ({@link OwnLevels}), which speaks for itself everywhere.
 */
final class LevelFloor extends Filter<ILoggingEvent> {
    private final Level floor;
    private final OwnLevels own;

    LevelFloor(Level floor, OwnLevels own) {
        this.floor = floor;
        this.own = own;
    }

    @Override
    public FilterReply decide(ILoggingEvent event) {
        if (floor != Level.OFF && event.getLevel().isGreaterOrEqual(floor)) {
            return FilterReply.NEUTRAL;
        }
        return own.covers(event.getLoggerName()) ? FilterReply.NEUTRAL : FilterReply.DENY;
    }
}
