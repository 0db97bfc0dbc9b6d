package io.brine.states.internal.jinja.python;

import io.brine.states.internal.jinja.PyNone;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Python's {@code ==} and {@code in}, as Salt's Jinja evaluates them, where Jinjava's differ: JUEL coerces both sides
 * to one type, so {@code None == False} and {@code '' == False} were true and {@code 0 == False} an error. In
 * Python None equals only None; a bool is the int 0 or 1, equal to numbers of that value; a string equals only the
 * same string; lists and dicts compare item by item.
 *
 * <pre>{@code
 * PythonEquality.equal(PyNone.NONE, false);   // false
 * PythonEquality.equal(0, false);              // true
 * PythonEquality.contains(List.of(0), false);  // true
 * }</pre>
 */
final class PythonEquality {
    private PythonEquality() {}

    static boolean equal(Object a, Object b) {
        boolean noneA = a == null || a == PyNone.NONE;
        boolean noneB = b == null || b == PyNone.NONE;
        if (noneA || noneB) {
            return noneA && noneB;
        }
        if (numeric(a) && numeric(b)) {
            return compareNumbers(a, b) == 0;
        }
        if (a instanceof CharSequence x && b instanceof CharSequence y) {
            return x.toString().equals(y.toString());
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<?> i = x.iterator();
            Iterator<?> j = y.iterator();
            while (i.hasNext()) {
                if (!equal(i.next(), j.next())) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!y.containsKey(e.getKey()) || !equal(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }

    /**
     * {@code item in container} for a list, a dict (its keys) or anything iterable: some element equal to it, as
     * Python's {@code ==} says; null when Jinjava's own meaning applies (a string's substring, a value that is not a
     * container), so that the caller keeps it.
     */
    static Boolean contains(Object container, Object item) {
        Iterable<?> elements = container instanceof Map<?, ?> map ? map.keySet()
                : container instanceof Iterable<?> it && !(container instanceof CharSequence) ? it : null;
        if (elements == null) {
            return null;
        }
        for (Object e : elements) {
            if (equal(e, item)) {
                return true;
            }
        }
        return false;
    }

    private static boolean numeric(Object v) {
        return v instanceof Boolean || v instanceof Number;
    }

    /** Python's order of two numbers (a bool is 0 or 1). */
    static int compareNumbers(Object a, Object b) {
        if (nonFinite(a) || nonFinite(b)) {
            return Double.compare(asDouble(a), asDouble(b)); // NaN equals nothing in Python; near enough here
        }
        return decimal(a).compareTo(decimal(b));
    }

    private static boolean nonFinite(Object v) {
        return (v instanceof Double d && !Double.isFinite(d)) || (v instanceof Float f && !Float.isFinite(f));
    }

    private static double asDouble(Object v) {
        return v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
    }

    private static BigDecimal decimal(Object v) {
        if (v instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        return new BigDecimal(v.toString());
    }
}
