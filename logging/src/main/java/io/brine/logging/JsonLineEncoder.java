package io.brine.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.encoder.EncoderBase;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * {@code log_format: json}: one JSON object per line,
 * {@code {"time":"2026-01-31T13:05:09.120Z","level":"INFO","logger":"io.brine.minion.Minion","message":"..."}},
 * with {@code "exception"} (the stack trace as one string) when the record has one. Time is ISO-8601 in UTC;
 * levels are named as in the text format. Written with Jackson, which escapes control characters; C1 controls
 * and U+2028/U+2029, which JSON allows raw but some log viewers break lines at, are escaped too.
 */
final class JsonLineEncoder extends EncoderBase<ILoggingEvent> {
    private static final byte[] NONE = new byte[0];
    private final JsonFactory json = new JsonFactory().setCharacterEscapes(new LineSafeEscapes());

    @Override
    public byte[] headerBytes() {
        return NONE;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("time", Instant.ofEpochMilli(event.getTimeStamp()).toString());
            g.writeStringField("level", LevelNames.of(event.getLevel()));
            g.writeStringField("logger", event.getLoggerName());
            g.writeStringField("message", String.valueOf(event.getFormattedMessage()));
            IThrowableProxy thrown = event.getThrowableProxy();
            if (thrown != null) {
                g.writeStringField("exception", ThrowableProxyUtil.asString(thrown));
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        out.write('\n');
        return out.toByteArray();
    }

    @Override
    public byte[] footerBytes() {
        return NONE;
    }

    /** JSON's standard escapes, plus DEL, the C1 controls and the Unicode line and paragraph separators. */
    private static final class LineSafeEscapes extends CharacterEscapes {
        private final int[] table = standardAsciiEscapesForJSON();

        LineSafeEscapes() {
            table[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return table;
        }

        /** Asked for every character above ASCII; null writes it as it is. */
        @Override
        public SerializableString getEscapeSequence(int ch) {
            if (!Escapes.isControl((char) ch)) {
                return null;
            }
            String hex = Integer.toHexString(ch);
            return new SerializedString("\\u" + "0000".substring(hex.length()) + hex);
        }
    }
}
