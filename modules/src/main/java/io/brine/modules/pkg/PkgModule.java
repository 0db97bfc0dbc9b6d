package io.brine.modules.pkg;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import io.brine.functions.StateFunction;
import java.util.List;

/**
 * Salt's {@code pkg} module, execution functions and states alike, all on one provider chosen per
 * minion from its grains (apt, dnf or yum, apk).
 *
 * <p>Example: {@code brine 'web*' pkg.install curl}, or in a state file {@code curl: pkg.installed}.
 */
public final class PkgModule implements FunctionModule {
    @Override
    public String name() {
        return "pkg";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new PkgInstall(), new PkgRemove(false), new PkgRemove(true), new PkgVersion(), new PkgListPkgs(),
                new PkgLatestVersion(), new PkgRefreshDb(), new PkgUpgrade());
    }

    @Override
    public List<StateFunction> states() {
        return List.of(new PkgInstalled(), new PkgLatest(), new PkgRemoved());
    }
}
