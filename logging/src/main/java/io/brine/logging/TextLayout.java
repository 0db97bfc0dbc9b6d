package io.brine.logging;

import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.pattern.ThrowableHandlingConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.CoreConstants;

/**
 * {@code log_format: text}: Logback's pattern layout writing
 * {@code 2026-01-31 13:05:09 INFO io.brine.minion.Minion: message} (local time), then the stack trace of an
 * exception, each of its lines indented. Three conversion words of Brine's own keep a record on its first line
 * and no other: {@code %brineLevel} (the level names of {@link LevelNames}), {@code %brineMessage} and
 * {@code %brineException} (control characters escaped, see {@link Escapes}).
 */
final class TextLayout {
    static final String PATTERN = "%d{yyyy-MM-dd HH:mm:ss} %brineLevel %logger: %brineMessage%n%brineException";

    private TextLayout() {
    }

    static PatternLayout create(Context context) {
        PatternLayout layout = new PatternLayout();
        layout.setContext(context);
        layout.getInstanceConverterMap().put("brineLevel", LevelConverter::new);
        layout.getInstanceConverterMap().put("brineMessage", MessageConverter::new);
        layout.getInstanceConverterMap().put("brineException", ExceptionConverter::new);
        layout.setPattern(PATTERN);
        layout.start();
        return layout;
    }

    static final class LevelConverter extends ClassicConverter {
        @Override
        public String convert(ILoggingEvent event) {
            return LevelNames.of(event.getLevel());
        }
    }

    static final class MessageConverter extends ClassicConverter {
        @Override
        public String convert(ILoggingEvent event) {
            String message = String.valueOf(event.getFormattedMessage());
            return Escapes.append(new StringBuilder(message.length() + 16), message).toString();
        }
    }

    /**
     * The stack trace, every line escaped and starting with white space: an exception's message may carry the
     * same values from the wire, and only a record's first line starts at column 0.
     */
    static final class ExceptionConverter extends ThrowableHandlingConverter {
        @Override
        public String convert(ILoggingEvent event) {
            IThrowableProxy thrown = event.getThrowableProxy();
            if (thrown == null) {
                return "";
            }
            StringBuilder b = new StringBuilder(1024);
            for (String line : ThrowableProxyUtil.asString(thrown).split("\\R")) {
                if (line.isEmpty() || !Character.isWhitespace(line.charAt(0))) {
                    b.append('\t');
                }
                Escapes.append(b, line).append(CoreConstants.LINE_SEPARATOR);
            }
            return b.toString();
        }
    }
}
