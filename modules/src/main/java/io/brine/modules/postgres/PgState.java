package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the {@code postgres_*} states share: each is a {@code present} and an {@code absent}, takes Salt's connection
 * arguments after its own, and has one way with errors. A server that cannot be reached leaves a test run's plan
 * open ({@link PgUnreachable}); any other error fails the state with the server's message.
 */
abstract class PgState implements StateFunction {
    final boolean present;
    final Postgres pg;

    PgState(boolean present, Postgres pg) {
        this.present = present;
        this.pg = pg;
    }

    @Override
    public final String name() {
        return present ? "present" : "absent";
    }

    /** The state's own arguments (for {@link #present} or absent). */
    abstract List<Param> own();

    /** What the state is about, for a plan that cannot be checked: {@code Database shop}. */
    abstract String subject(Arguments args);

    abstract StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException;

    abstract StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException;

    /** Whether the connection arguments include {@code maintenance_db} (postgres_schema names its {@code dbname}). */
    boolean takesMaintenanceDb() {
        return true;
    }

    /** The connection the state's arguments (and the pillar's {@code postgres.*} keys) describe. */
    PgConnection connection(Arguments args, StateContext ctx) throws FunctionException {
        return PgConnection.ofState(args, ctx.pillar());
    }

    @Override
    public final List<Param> params() {
        List<Param> params = new ArrayList<>(own());
        params.addAll(PgConnection.stateParams(takesMaintenanceDb()));
        return params;
    }

    @Override
    public final StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        try {
            PgConnection c = connection(args, ctx);
            return present ? present(args, ctx, c) : absent(args, ctx, c);
        } catch (PgUnreachable e) {
            return e.outcome(ctx, subject(args));
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
