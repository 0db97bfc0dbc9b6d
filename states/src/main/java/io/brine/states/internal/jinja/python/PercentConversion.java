package io.brine.states.internal.jinja.python;

import io.brine.states.internal.jinja.PyNone;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;

/** Turns one value into the text of one printf-style conversion ({@link PercentSpec}), as Python does. */
final class PercentConversion {
    private PercentConversion() {}

    static String convert(PercentSpec spec, Object value) {
        return switch (spec.type()) {
            case 's' -> padded(spec, truncated(spec, PythonText.str(value)));
            case 'r', 'a' -> padded(spec, truncated(spec, PythonText.repr(value)));
            case 'c' -> padded(spec, character(value));
            case 'd', 'i', 'u' -> number(spec, integer(spec, value), "");
            case 'x' -> number(spec, integer(spec, value).toString(16), spec.has('#') ? "0x" : "");
            case 'X' -> number(spec, integer(spec, value).toString(16).toUpperCase(Locale.ROOT), spec.has('#') ? "0X" : "");
            case 'o' -> number(spec, integer(spec, value).toString(8), spec.has('#') ? "0o" : "");
            default -> number(spec, floating(spec, value), "");
        };
    }

    private static String truncated(PercentSpec spec, String text) {
        return spec.precision() >= 0 && spec.precision() < text.length() ? text.substring(0, spec.precision()) : text;
    }

    private static String padded(PercentSpec spec, String text) {
        int pad = Math.max(0, spec.width() - text.length());
        return spec.has('-') ? text + " ".repeat(pad) : " ".repeat(pad) + text;
    }

    /** Sign, prefix and zero padding go as Python places them: {@code -0x0f}, {@code +007}. */
    private static String number(PercentSpec spec, Object digits, String prefix) {
        String text = digits.toString();
        String sign = "";
        if (text.startsWith("-")) {
            sign = "-";
            text = text.substring(1);
        } else if (spec.has('+')) {
            sign = "+";
        } else if (spec.has(' ')) {
            sign = " ";
        }
        String head = sign + prefix;
        int pad = Math.max(0, spec.width() - head.length() - text.length());
        if (spec.has('-')) {
            return head + text + " ".repeat(pad);
        }
        boolean finite = !text.equals("inf") && !text.equals("nan");
        return spec.has('0') && finite ? head + "0".repeat(pad) + text : " ".repeat(pad) + head + text;
    }

    private static BigInteger integer(PercentSpec spec, Object value) {
        if (value instanceof Boolean b) {
            return b ? BigInteger.ONE : BigInteger.ZERO;
        }
        if (value instanceof BigInteger big) {
            return big;
        }
        if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("cannot convert float " + PythonText.repr(value) + " to integer");
            }
            return new BigDecimal(value.toString()).toBigInteger(); // truncates toward zero, as int() does
        }
        if (value instanceof Number n) {
            return BigInteger.valueOf(n.longValue());
        }
        // no '%' in messages: Jinjava passes an exception's message to String.format as the pattern
        throw new IllegalArgumentException(
                "'" + spec.type() + "' format: a number is required, not " + typeName(value));
    }

    private static String floating(PercentSpec spec, Object value) {
        if (!(value instanceof Number) && !(value instanceof Boolean)) {
            throw new IllegalArgumentException("must be real number, not " + typeName(value));
        }
        double d = value instanceof Boolean b ? (b ? 1 : 0) : ((Number) value).doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            String text = Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf";
            return Character.isUpperCase(spec.type()) ? text.toUpperCase(Locale.ROOT) : text;
        }
        int precision = spec.precision() < 0 ? 6 : spec.precision();
        if (spec.type() == 'f' || spec.type() == 'F') {
            // the exact binary value, rounded half to even, is what Python prints: '%.2f' % 0.125 is 0.12
            return new BigDecimal(d).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        }
        String text = String.format(Locale.ROOT, "%." + precision + "e", d);
        return spec.type() == 'E' ? text.toUpperCase(Locale.ROOT) : text;
    }

    private static String character(Object value) {
        if (value instanceof CharSequence text && text.length() == 1) {
            return text.toString();
        }
        if (value instanceof Number n && !(value instanceof Double) && !(value instanceof Float)) {
            return new String(Character.toChars(n.intValue()));
        }
        throw new IllegalArgumentException("'c' format requires an int or a unicode character, not " + typeName(value));
    }

    private static String typeName(Object value) {
        if (value instanceof CharSequence) {
            return "str";
        }
        if (value instanceof java.util.Map) {
            return "dict";
        }
        if (value instanceof Iterable) {
            return "list";
        }
        return value == null || value == PyNone.NONE ? "NoneType" : value.getClass().getSimpleName();
    }
}
