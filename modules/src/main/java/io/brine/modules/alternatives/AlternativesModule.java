package io.brine.modules.alternatives;

import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Salt's {@code alternatives} states over Debian's {@code update-alternatives}. The alternatives and administrative
 * directories are constructor arguments so tests work in their own; {@link java.util.ServiceLoader} uses the
 * system's.
 */
public final class AlternativesModule implements FunctionModule {
    private final Alternatives alternatives;

    public AlternativesModule() {
        this(null, null);
    }

    /** @param altdir {@code --altdir} (null: the system's); @param admindir {@code --admindir} (null: the system's) */
    public AlternativesModule(Path altdir, Path admindir) {
        this.alternatives = new Alternatives(altdir, admindir);
    }

    @Override
    public String name() {
        return "alternatives";
    }

    @Override
    public List<StateFunction> states() {
        return Arrays.stream(AlternativesState.Kind.values())
                .map(k -> (StateFunction) AlternativesState.of(k, alternatives)).toList();
    }
}
