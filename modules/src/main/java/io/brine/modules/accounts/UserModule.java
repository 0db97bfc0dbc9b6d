package io.brine.modules.accounts;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/**
 * The {@code user} module: Salt's user execution functions and the user states, sharing one provider
 * ({@link AccountDatabase} to read, {@link ShadowUtils} to change).
 *
 * <p>Example: {@code brine web1 user.add deploy uid=4100 groups=[www-data]}.
 */
public final class UserModule implements FunctionModule {
    @Override
    public String name() {
        return "user";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new UserAdd(), new UserDelete(), new UserInfo(), new UserListUsers(), new UserChgroups());
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new UserPresent(), new UserAbsent());
    }
}
