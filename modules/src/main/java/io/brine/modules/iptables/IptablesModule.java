package io.brine.modules.iptables;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Salt's {@code iptables} execution module and states, over the {@code iptables} and {@code ip6tables} commands
 * (iptables-nft or legacy, whichever the machine has). The directory of the binaries is a constructor argument so
 * tests can run them in a network namespace of their own; {@link java.util.ServiceLoader} uses the minion's PATH.
 */
public final class IptablesModule implements FunctionModule {
    private final Iptables iptables;

    public IptablesModule() {
        this(null);
    }

    /** @param binDir where iptables, ip6tables and their -save are; null: the minion's PATH */
    public IptablesModule(Path binDir) {
        this.iptables = new Iptables(binDir);
    }

    @Override
    public String name() {
        return "iptables";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return Arrays.stream(IptablesFunction.Kind.values())
                .map(k -> (ExecutionFunction) new IptablesFunction(k, iptables)).toList();
    }

    @Override
    public List<StateFunction> states() {
        return Arrays.stream(IptablesState.Kind.values()).map(k -> (StateFunction) new IptablesState(k, iptables))
                .toList();
    }
}
