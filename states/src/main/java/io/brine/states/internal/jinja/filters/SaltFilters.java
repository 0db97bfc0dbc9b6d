package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.Context;
import io.brine.states.internal.jinja.PyNone;
import java.util.List;
import java.util.stream.Stream;

/**
 * Salt's Jinja dialect on top of Jinjava's: its extra filters, tests and global functions, and the names {@code None} and
 * {@code none}. Jinjava's own {@code selectattr}, {@code map}, {@code unique},
 * {@code difference} and {@code union} already behave as Jinja's and Salt's, so they are kept.
 */
public final class SaltFilters {
    private SaltFilters() {}

    /** Registers everything on Jinjava's global context, once per Jinjava. */
    public static void register(Context global) {
        Stream.of(SerializationFilters.all(), TextFilters.all(), RegexFilters.all(), DataFilters.all())
                .flatMap(List::stream)
                .forEach(global::registerFilter);
        TruthSelect.all().forEach(global::registerFilter);
        DefaultFilter.all().forEach(global::registerFilter);
        global.registerFilter(new DictSortFilter());
        FirstLastFilter.all().forEach(global::registerFilter);
        DictKeys.wrapIn(global);
        SaltTests.all().forEach(global::registerExpTest);
        SaltGlobals.all().forEach(global::registerFunction);
        global.put("None", PyNone.NONE);
        global.put("none", PyNone.NONE);
    }
}
