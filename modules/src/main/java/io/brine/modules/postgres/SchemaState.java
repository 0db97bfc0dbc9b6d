package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Salt's {@code postgres_schema.present} and {@code absent}: a schema of database {@code dbname}. */
final class SchemaState extends PgState {
    SchemaState(boolean present, Postgres pg) {
        super(present, pg);
    }

    @Override
    public String doc() {
        return present ? "Ensures a schema exists in a PostgreSQL database (owned by owner when created)."
                : "Ensures a schema does not exist in a PostgreSQL database.";
    }

    @Override
    List<Param> own() {
        List<Param> params = new ArrayList<>(List.of(Param.required("dbname", Type.STRING, "the database")));
        if (present) {
            params.add(Param.optional("owner", Type.STRING, null, "the owning role, when created"));
        }
        return params;
    }

    @Override
    boolean takesMaintenanceDb() {
        return false;
    }

    /** The schema's database, named by {@code dbname}. */
    @Override
    PgConnection connection(Arguments args, StateContext ctx) throws FunctionException {
        return super.connection(args, ctx).on(args.string("dbname"));
    }

    @Override
    String subject(Arguments args) {
        return "Schema " + args.name() + " in database " + args.string("dbname");
    }

    @Override
    StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        String db = args.string("dbname");
        if (pg.schemas().list(ctx.commands(), c).containsKey(name)) {
            return StateResult.ok("Schema " + name + " already exists in database " + db);
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Schema " + name + " is set to be created in database " + db + ".");
        }
        try {
            pg.schemas().create(ctx.commands(), c, name, args.string("owner"));
        } catch (FunctionException e) {
            return StateResult.failed("Failed to create schema " + name + " in database " + db + ": "
                    + e.getMessage());
        }
        return StateResult.changed(Map.of(name, "Present"), "Schema " + name + " has been created in database " + db);
    }

    @Override
    StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        String db = args.string("dbname");
        if (!pg.schemas().list(ctx.commands(), c).containsKey(name)) {
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
        return StateResult.changed(Map.of(name, "Absent"), "Schema " + name + " has been removed from database " + db);
    }
}
