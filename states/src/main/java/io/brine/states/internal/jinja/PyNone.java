package io.brine.states.internal.jinja;

import com.hubspot.jinjava.util.HasObjectTruthValue;

/**
 * Python's {@code None} in a template: a value that is there and empty, unlike an undefined name. Strict rendering
 * (Salt's default, {@code allow_undefined: False}) refuses an expression whose value is missing; Jinjava sees
 * missing and None alike as Java's null, so None is this instead: false in a condition, {@code None} in output,
 * as Jinja renders it. {@code pillar.get('x')} of an absent key, and a null in grains or pillar, are None.
 */
public final class PyNone implements HasObjectTruthValue {
    public static final PyNone NONE = new PyNone();

    private PyNone() {}

    @Override
    public boolean getObjectTruthValue() {
        return false;
    }

    @Override
    public String toString() {
        return "None";
    }
}
