package io.brine.modules.accounts;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/**
 * The {@code group} module: Salt's group execution functions and the group states, sharing one provider
 * ({@link AccountDatabase} to read, {@link ShadowUtils} to change).
 *
 * <p>Example: {@code brine web1 group.adduser www-data deploy}.
 */
public final class GroupModule implements FunctionModule {
    @Override
    public String name() {
        return "group";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new GroupAdd(), new GroupDelete(), new GroupInfo(), new GroupAdduser());
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new GroupPresent(), new GroupAbsent());
    }
}
