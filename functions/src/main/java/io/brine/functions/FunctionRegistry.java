package io.brine.functions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Every function a minion offers, execution and state functions alike, built once at start from
 * {@link FunctionModule}s. Modules are taken in sorted order (by name, then class), so what a minion runs never
 * depends on the order of jars on its class path; a badly formed name, or two functions of one kind under one
 * name, is an error at start naming both modules, never a silent override.
 *
 * <pre>{@code
 * FunctionRegistry all = FunctionRegistry.installed();
 * all.find("cmd.run");          // the execution function
 * all.state("pkg.installed");   // the state function
 * }</pre>
 */
public final class FunctionRegistry implements FunctionCatalog {
    private static final Pattern FULL_NAME = Pattern.compile("[a-z][a-z0-9_]*\\.[a-z_][a-z0-9_]*");
    private static final Pattern PART = Pattern.compile("[a-z_][a-z0-9_]*");

    private record Entry<T>(T function, FunctionModule module) {
    }

    private final List<FunctionModule> modules;
    private final Map<String, Entry<ExecutionFunction>> execution;
    private final Map<String, Entry<StateFunction>> states;

    private FunctionRegistry(List<FunctionModule> modules, Map<String, Entry<ExecutionFunction>> execution,
            Map<String, Entry<StateFunction>> states) {
        this.modules = List.copyOf(modules);
        this.execution = Collections.unmodifiableMap(execution);
        this.states = Collections.unmodifiableMap(states);
    }

    /** Every {@link FunctionModule} on the class path that loaded this class. */
    public static FunctionRegistry installed() {
        return of(ServiceLoader.load(FunctionModule.class, FunctionRegistry.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList());
    }

    /**
     * Exactly these modules.
     *
     * @throws IllegalArgumentException for a malformed name or a name registered twice, naming both modules
     */
    public static FunctionRegistry of(List<? extends FunctionModule> modules) {
        List<FunctionModule> sorted = new ArrayList<>(modules);
        sorted.sort(Comparator.comparing(FunctionModule::name).thenComparing(m -> m.getClass().getName()));
        Map<String, Entry<ExecutionFunction>> execution = new TreeMap<>();
        Map<String, Entry<StateFunction>> states = new TreeMap<>();
        for (FunctionModule module : sorted) {
            if (module.name() == null || !PART.matcher(module.name()).matches()) {
                throw new IllegalArgumentException(module.getClass().getName() + " has an invalid module name '"
                        + module.name() + "': use lowercase letters, digits and '_'");
            }
            for (ExecutionFunction f : module.execution()) {
                if (!FULL_NAME.matcher(f.name()).matches()) {
                    throw new IllegalArgumentException("function name '" + f.name() + "' from "
                            + module.getClass().getName() + " is not of the form module.function");
                }
                put(execution, f.name(), new Entry<>(f, module), "function");
            }
            for (StateFunction f : module.states()) {
                if (f.name() == null || !PART.matcher(f.name()).matches()) {
                    throw new IllegalArgumentException(module.getClass().getName()
                            + " declares an invalid state function name: " + f.name());
                }
                put(states, module.name() + "." + f.name(), new Entry<>(f, module), "state function");
            }
        }
        return new FunctionRegistry(sorted, execution, states);
    }

    private static <T> void put(Map<String, Entry<T>> into, String name, Entry<T> entry, String kind) {
        Entry<T> previous = into.putIfAbsent(name, entry);
        if (previous != null) {
            throw new IllegalArgumentException(kind + " " + name + " is registered twice: by "
                    + describe(previous) + " and by " + describe(entry));
        }
    }

    private static String describe(Entry<?> e) {
        return e.function().getClass().getName() + " (module " + e.module().getClass().getName() + ")";
    }

    @Override
    public Optional<ExecutionFunction> find(String name) {
        return Optional.ofNullable(execution.get(name)).map(Entry::function);
    }

    @Override
    public SortedSet<String> names() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(execution.keySet()));
    }

    @Override
    public Optional<StateFunction> state(String name) {
        return Optional.ofNullable(states.get(name)).map(Entry::function);
    }

    @Override
    public SortedSet<String> stateNames() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(states.keySet()));
    }

    /** The modules, in the order they were registered. */
    public List<FunctionModule> modules() {
        return modules;
    }

    /**
     * One line per module, in order, for the log at start: its name, its class and its functions of each
     * kind, so an operator sees at once what a minion offers and where each function came from.
     */
    public List<String> describeModules() {
        List<String> lines = new ArrayList<>();
        for (FunctionModule m : modules) {
            List<String> exec = m.execution().stream().map(ExecutionFunction::name).sorted().toList();
            List<String> st = m.states().stream().map(f -> m.name() + "." + f.name()).sorted().toList();
            lines.add("module " + m.name() + " (" + m.getClass().getName() + "): "
                    + (exec.isEmpty() ? "" : "functions " + String.join(", ", exec))
                    + (exec.isEmpty() || st.isEmpty() ? "" : "; ")
                    + (st.isEmpty() ? "" : "states " + String.join(", ", st)));
        }
        return lines;
    }
}
