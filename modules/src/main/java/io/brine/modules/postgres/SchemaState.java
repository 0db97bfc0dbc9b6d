package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Salt's {@code postgres_schema.present} and {@code absent}: a schema of database {@code dbname}. */
final class SchemaState implements StateFunction {
    private final boolean present;
    private final Postgres pg;

    SchemaState(boolean present, Postgres pg) {
        this.present = present;
        this.pg = pg;
    }

    @Override
    public String name() {
        return present ? "present" : "absent";
    }

    @Override
    public String doc() {
        return present ? "Ensures a schema exists in a PostgreSQL database (owned by owner when created)."
                : "Ensures a schema does not exist in a PostgreSQL database.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>(List.of(Param.required("dbname", Type.STRING, "the database")));
        if (present) {
            params.add(Param.optional("owner", Type.STRING, null, "the owning role, when created"));
        }
        params.addAll(PgConnection.stateParams(false));
        return params;
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        String name = args.name();
        String db = args.string("dbname");
        try {
            PgConnection c = PgConnection.ofState(args, ctx.pillar()).on(db);
            boolean exists = pg.schemas().list(ctx.commands(), c).containsKey(name);
            if (present) {
                if (exists) {
                    return StateResult.ok("Schema " + name + " already exists in database " + db);
                }
                if (ctx.test()) {
                    return StateResult.pending(Map.of(), "Schema " + name + " is set to be created in database " + db
                            + ".");
                }
                try {
                    pg.schemas().create(ctx.commands(), c, name, args.string("owner"));
                } catch (FunctionException e) {
                    return StateResult.failed("Failed to create schema " + name + " in database " + db + ": "
                            + e.getMessage());
                }
                return StateResult.changed(Map.of(name, "Present"), "Schema " + name + " has been created in database "
                        + db);
            }
            if (!exists) {
                return StateResult.ok("Schema " + name + " is not present in database " + db
                        + ", so it cannot be removed");
            }
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Schema " + name + " is set to be removed from database " + db);
            }
            try {
                pg.schemas().remove(ctx.commands(), c, name);
            } catch (FunctionException e) {
                return StateResult.failed("Schema " + name + " failed to be removed: " + e.getMessage());
            }
            return StateResult.changed(Map.of(name, "Absent"), "Schema " + name + " has been removed from database "
                    + db);
        } catch (PgUnreachable e) {
            return e.outcome(ctx, "Schema " + name + " in database " + db);
        } catch (FunctionException e) {
            return StateResult.failed(e.getMessage());
        }
    }
}
