package io.brine.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * JSON of plain values (maps with string keys, lists, strings, numbers, booleans, null and bytes: what a job
 * document and a minion's return hold) written with jackson-core's generator, exactly as jackson-databind's
 * {@code ObjectMapper} writes them. {@code brine run --out json} prints through it: databind's first mapper
 * costs a short-lived CLI some 500 classes and the JDK's locale data, about a tenth of its start-up, and far more
 * when it starts on a busy master. Anything else is for {@link #writes} to refuse and the mapper to write.
 */
final class PlainJson {
    private static final int MAX_DEPTH = 256;

    private PlainJson() {
    }

    /** Whether {@link #write} takes {@code value}: plain values only, nested no deeper than a sane bound. */
    static boolean writes(Object value) {
        return writes(value, 0);
    }

    private static boolean writes(Object value, int depth) {
        if (depth > MAX_DEPTH) {
            return false;
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String) || !writes(e.getValue(), depth + 1)) {
                    return false;
                }
            }
            return true;
        }
        if (value instanceof List<?> list) {
            for (Object o : list) {
                if (!writes(o, depth + 1)) {
                    return false;
                }
            }
            return true;
        }
        return value == null || value instanceof String || value instanceof Boolean || value instanceof byte[]
                || value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte || value instanceof Double || value instanceof Float
                || value instanceof BigInteger || value instanceof BigDecimal;
    }

    /** {@code value} (which {@link #writes} took) as JSON: indented as the mapper's INDENT_OUTPUT, or on one line. */
    static String write(JsonFactory factory, Object value, boolean indent) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = factory.createGenerator(out)) {
            if (indent) {
                json.useDefaultPrettyPrinter();
            }
            value(json, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void value(JsonGenerator json, Object value) throws IOException {
        if (value instanceof Map<?, ?> map) {
            json.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                json.writeFieldName((String) e.getKey());
                value(json, e.getValue());
            }
            json.writeEndObject();
        } else if (value instanceof List<?> list) {
            json.writeStartArray();
            for (Object o : list) {
                value(json, o);
            }
            json.writeEndArray();
        } else {
            scalar(json, value);
        }
    }

    private static void scalar(JsonGenerator json, Object value) throws IOException {
        if (value == null) {
            json.writeNull();
        } else if (value instanceof String s) {
            json.writeString(s);
        } else if (value instanceof Boolean b) {
            json.writeBoolean(b);
        } else if (value instanceof Long n) {
            json.writeNumber(n);
        } else if (value instanceof Integer n) {
            json.writeNumber(n);
        } else if (value instanceof Short n) {
            json.writeNumber(n);
        } else if (value instanceof Byte n) {
            json.writeNumber(n.intValue());
        } else if (value instanceof Double n) {
            json.writeNumber(n);
        } else if (value instanceof Float n) {
            json.writeNumber(n);
        } else if (value instanceof BigInteger n) {
            json.writeNumber(n);
        } else if (value instanceof BigDecimal n) {
            json.writeNumber(n);
        } else {
            json.writeBinary((byte[]) value);
        }
    }
}
