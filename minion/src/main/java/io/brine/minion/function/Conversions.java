package io.brine.minion.function;

import io.brine.protocol.ValueType;

/** Converts a wire value to a parameter's declared type, or explains why it cannot (the rules are the wire's own). */
final class Conversions {
    private Conversions() {
    }

    static Object convert(String function, Param p, Object v) throws FunctionException {
        try {
            return type(p.type()).convert(v);
        } catch (IllegalArgumentException e) {
            throw new FunctionException(function + ": argument '" + p.name() + "' " + e.getMessage() + ", got '" + v
                    + "'");
        }
    }

    static ValueType type(Param.Type t) {
        return ValueType.valueOf(t.name());
    }
}
