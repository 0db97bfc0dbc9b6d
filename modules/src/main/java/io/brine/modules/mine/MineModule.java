package io.brine.modules.mine;

import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionModule;
import java.util.List;

/**
 * Salt's {@code mine}: values a minion runs its {@code mine_functions} for and sends its master, which other
 * minions read with {@code mine.get} (templates: {@code salt['mine.get']('role:web', 'network.ip_addrs',
 * tgt_type='grain')}) as far as the master's {@code mine_acl} lets them.
 *
 * <p>Example: {@code brine run 'web*' mine.update}, then {@code brine call mine.get '*' network.ip_addrs}.
 */
public final class MineModule implements FunctionModule {
    @Override
    public String name() {
        return "mine";
    }

    @Override
    public List<ExecutionFunction> execution() {
        return List.of(new MineUpdate(), new MineSend(), new MineGet(), new MineDelete(), new MineFlush(),
                new MineValid());
    }
}
