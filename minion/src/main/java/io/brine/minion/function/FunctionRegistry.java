package io.brine.minion.function;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The functions a minion will run, keyed by name. Built once at start from explicit modules or from
 * {@link ServiceLoader}; a duplicate or badly formed name is an error at start, never a silent override.
 */
public final class FunctionRegistry implements FunctionCatalog {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*");
    private final Map<String, Function> byName;

    private FunctionRegistry(Map<String, Function> byName) {
        this.byName = Collections.unmodifiableMap(byName);
    }

    /** Every {@link FunctionModule} on the class path. */
    public static FunctionRegistry installed() {
        return of(ServiceLoader.load(FunctionModule.class).stream().map(ServiceLoader.Provider::get).toList());
    }

    public static FunctionRegistry of(List<? extends FunctionModule> modules) {
        Map<String, Function> byName = new TreeMap<>();
        for (FunctionModule module : modules) {
            for (Function f : module.functions()) {
                if (!NAME.matcher(f.name()).matches()) {
                    throw new IllegalArgumentException("function name '" + f.name() + "' from "
                            + module.getClass().getName() + " is not of the form module.function");
                }
                Function previous = byName.putIfAbsent(f.name(), f);
                if (previous != null) {
                    throw new IllegalArgumentException("function " + f.name() + " is registered twice: by "
                            + previous.getClass().getName() + " and by " + f.getClass().getName());
                }
            }
        }
        return new FunctionRegistry(byName);
    }

    @Override
    public Optional<Function> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public SortedSet<String> names() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(byName.keySet()));
    }
}
