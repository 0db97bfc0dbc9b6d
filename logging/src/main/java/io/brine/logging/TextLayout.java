package io.brine.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * {@code log_format: text}: {@code 2026-01-31 13:05:09 INFO io.brine.minion.Minion: message} (local time), then
 * the stack trace of an exception, each of its lines indented: a record on its first line and no other, with
 * the level names of {@link LevelNames} and control characters escaped (see {@link Escapes}).
 *
 * <p>Written out rather than through Logback's pattern layout, whose table of some 70 converters (a lambda each)
 * and pattern parser cost every process about 500 classes to configure its logging: a tenth of a
 * {@code brine run} that logs nothing, and more of one started on a busy master. The clock and zone are read only
 * once a record is written.
 */
final class TextLayout extends LayoutBase<ILoggingEvent> {
    static final String DATE_PATTERN = "yyyy-MM-dd HH:mm:ss";

    /** The last second formatted: records come in bursts within one. */
    private record Second(long epochSecond, String text) {
    }

    private volatile DateTimeFormatter dates;
    private volatile Second last = new Second(Long.MIN_VALUE, "");

    private TextLayout() {
    }

    static TextLayout create(Context context) {
        TextLayout layout = new TextLayout();
        layout.setContext(context);
        layout.start();
        return layout;
    }

    @Override
    public String doLayout(ILoggingEvent event) {
        String message = String.valueOf(event.getFormattedMessage());
        StringBuilder b = new StringBuilder(message.length() + 96);
        b.append(date(event.getTimeStamp())).append(' ').append(LevelNames.of(event.getLevel())).append(' ')
                .append(event.getLoggerName()).append(": ");
        Escapes.append(b, message).append(CoreConstants.LINE_SEPARATOR);
        exception(b, event.getThrowableProxy());
        return b.toString();
    }

    private String date(long millis) {
        long second = Math.floorDiv(millis, 1000);
        Second seen = last;
        if (seen.epochSecond() == second) {
            return seen.text();
        }
        DateTimeFormatter format = dates;
        if (format == null) {
            format = DateTimeFormatter.ofPattern(DATE_PATTERN).withZone(ZoneId.systemDefault());
            dates = format;
        }
        String text = format.format(Instant.ofEpochSecond(second));
        last = new Second(second, text);
        return text;
    }

    /**
     * The stack trace, every line escaped and starting with white space: an exception's message may carry the
     * same values from the wire, and only a record's first line starts at column 0.
     */
    private static void exception(StringBuilder b, IThrowableProxy thrown) {
        if (thrown == null) {
            return;
        }
        for (String line : ThrowableProxyUtil.asString(thrown).split("\\R")) {
            if (line.isEmpty() || !Character.isWhitespace(line.charAt(0))) {
                b.append('\t');
            }
            Escapes.append(b, line).append(CoreConstants.LINE_SEPARATOR);
        }
    }
}
