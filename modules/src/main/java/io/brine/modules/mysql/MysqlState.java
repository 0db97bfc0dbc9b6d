package io.brine.modules.mysql;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the MySQL states share: Salt's connection arguments after their own, a session on the server for each
 * call, and Salt's way with errors, where a failure to reach the server or a statement the server refuses is the
 * state's failed result with the server's error as its comment. In test mode a server that cannot be reached (or a
 * client that is not installed) leaves the state's plan open (result None, saying why) instead of failing it, as
 * the postgres states do: on a fresh machine the states that install and start the server have not run yet.
 */
abstract class MysqlState implements StateFunction {
    private final String name;
    private final MysqlClient client;

    MysqlState(String name, MysqlClient client) {
        this.name = name;
        this.client = client;
    }

    @Override
    public final String name() {
        return name;
    }

    /** The state's own arguments, before the connection's. */
    abstract List<Param> own();

    @Override
    public final List<Param> params() {
        List<Param> all = new ArrayList<>(own());
        all.addAll(MysqlConnection.PARAMS);
        return all;
    }

    @Override
    public final StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        MysqlSession session;
        try {
            session = new MysqlSession(client, ctx.commands(), MysqlConnection.of(args, ctx.pillar()));
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
        try {
            return apply(args, ctx, session);
        } catch (MysqlException e) {
            if (ctx.test() && e.unreachable()) {
                // a highstate's plan on a fresh machine: the states that install and start the server run first
                return StateResult.pending(Map.of(), args.name() + " cannot be checked now: " + e.getMessage());
            }
            return StateResult.failed(e.getMessage());
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }

    abstract StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
            throws FunctionException, IOException, InterruptedException;
}
