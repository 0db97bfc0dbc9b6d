package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.StringConcatOperator;
import jinjava.de.odysseus.el.misc.NumberOperations;
import jinjava.de.odysseus.el.misc.TypeConverter;
import jinjava.de.odysseus.el.tree.impl.ast.AstBinary;

/** The binary operators whose meaning Python gives differently from Jinjava. */
final class PythonOperators {
    private PythonOperators() {}

    /** {@code %}: printf-style formatting when the left side is a string ({@link PercentFormat}), else modulo. */
    static final AstBinary.Operator MODULO = new AstBinary.SimpleOperator() {
        @Override
        protected Object apply(TypeConverter converter, Object left, Object right) {
            if (left instanceof CharSequence template) {
                return PercentFormat.format(template.toString(), right);
            }
            return NumberOperations.mod(converter, left, right);
        }

        @Override
        public String toString() {
            return "%";
        }
    };

    /** One of JUEL's comparisons, as {@link jinjava.de.odysseus.el.misc.BooleanOperations} offers them. */
    @FunctionalInterface
    interface Comparison {
        boolean test(TypeConverter converter, Object left, Object right);
    }

    /**
     * {@code <}, {@code <=}, {@code >}, {@code >=}: Python compares lists item by item, so formulas can write
     * {@code grains['saltversioninfo'] >= [3006, 0]}; everything else compares as Jinjava compares it.
     */
    static AstBinary.Operator comparing(String symbol, Comparison jinjava, java.util.function.IntPredicate holds) {
        return new AstBinary.SimpleOperator() {
            @Override
            protected Object apply(TypeConverter converter, Object left, Object right) {
                if (left instanceof java.util.List<?> a && right instanceof java.util.List<?> b) {
                    return holds.test(compareLists(converter, a, b));
                }
                return jinjava.test(converter, left, right);
            }

            @Override
            public String toString() {
                return symbol;
            }
        };
    }

    /** Python's order of sequences: the first unequal items decide, else the shorter list is less. */
    private static int compareLists(TypeConverter converter, java.util.List<?> a, java.util.List<?> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x instanceof java.util.List<?> xs && y instanceof java.util.List<?> ys) {
                int inner = compareLists(converter, xs, ys);
                if (inner != 0) {
                    return inner;
                }
            } else if (LT.test(converter, x, y)) {
                return -1;
            } else if (LT.test(converter, y, x)) {
                return 1;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static final Comparison LT = jinjava.de.odysseus.el.misc.BooleanOperations::lt;

    static final AstBinary.Operator EQ = equality(true);
    static final AstBinary.Operator NE = equality(false);
    static final AstBinary.Operator IN = membership(true);
    static final AstBinary.Operator NOT_IN = membership(false);

    /** {@code ==} and {@code !=} with Python's meaning ({@link PythonEquality}). */
    private static AstBinary.Operator equality(boolean equal) {
        return new AstBinary.SimpleOperator() {
            @Override
            protected Object apply(TypeConverter converter, Object left, Object right) {
                return PythonEquality.equal(left, right) == equal;
            }

            @Override
            public String toString() {
                return equal ? "==" : "!=";
            }
        };
    }

    /**
     * {@code in} and {@code not in}: membership in a list or a dict's keys by Python's {@code ==}; a substring of
     * a string, and anything else, as Jinjava decides it.
     */
    private static AstBinary.Operator membership(boolean in) {
        return new AstBinary.SimpleOperator() {
            @Override
            protected Object apply(TypeConverter converter, Object left, Object right) {
                Boolean python = PythonEquality.contains(right, left);
                if (python != null) {
                    return python == in;
                }
                return in ? com.hubspot.jinjava.el.ext.CollectionMembershipOperator.OP.apply(converter, left, right)
                        : com.hubspot.jinjava.el.ext.CollectionNonMembershipOperator.NOT_IN_OP.apply(converter, left,
                                right);
            }

            @Override
            public String toString() {
                return in ? "in" : "not in";
            }
        };
    }

    /** Longest string or list {@code *} may build: far beyond any config file, well below the minion's memory. */
    private static final long MAX_REPEAT = 1L << 20;

    /**
     * {@code *}: Python repeats a string or list by an int (a bool counts as 0 or 1), so {@code "sub " * flag} is
     * {@code "sub "} or {@code ""}; numbers multiply as Jinjava multiplies them.
     */
    static final AstBinary.Operator TIMES = new AstBinary.SimpleOperator() {
        @Override
        protected Object apply(TypeConverter converter, Object left, Object right) {
            if (repeatable(left) && count(right) != null) {
                return repeat(left, count(right));
            }
            if (repeatable(right) && count(left) != null) {
                return repeat(right, count(left));
            }
            return NumberOperations.mul(converter, left, right);
        }

        @Override
        public String toString() {
            return "*";
        }
    };

    private static boolean repeatable(Object value) {
        return value instanceof CharSequence || value instanceof java.util.List<?>;
    }

    private static Long count(Object value) {
        if (value instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        return value instanceof Integer || value instanceof Long || value instanceof Short ? ((Number) value).longValue()
                : null;
    }

    private static Object repeat(Object value, long times) {
        long n = Math.max(0, times);
        long size = value instanceof CharSequence s ? s.length() : ((java.util.List<?>) value).size();
        if (size * n > MAX_REPEAT) {
            throw new IllegalArgumentException("repeating a value " + n + " times would exceed " + MAX_REPEAT + " items");
        }
        if (value instanceof CharSequence s) {
            return s.toString().repeat((int) n);
        }
        java.util.List<Object> out = new java.util.ArrayList<>();
        for (long i = 0; i < n; i++) {
            out.addAll((java.util.List<?>) value);
        }
        return new com.hubspot.jinjava.objects.collections.PyList(out);
    }

    /**
     * {@code ~}: Jinja joins {@code str()} of each side, so {@code 'x' ~ true} is {@code xTrue}; Jinjava's own
     * conversion would give {@code xtrue}. The result stays bounded by the output limit, as Jinjava's is.
     */
    static final AstBinary.Operator CONCAT = new StringConcatOperator() {
        @Override
        protected Object apply(TypeConverter converter, Object left, Object right) {
            return getStringBuilder().append(PythonText.str(left)).append(PythonText.str(right)).toString();
        }
    };
}
