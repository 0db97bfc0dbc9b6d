package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code postgres_tablespace.present} and {@code absent}: a tablespace at a directory (which must exist and
 * belong to the server's user), with an owner and planner options; a tablespace at another directory is a failure
 * (it cannot move without being dropped).
 */
final class TablespaceState extends PgState {
    TablespaceState(boolean present, Postgres pg) {
        super(present, pg);
    }

    @Override
    public String doc() {
        return present ? "Ensures a PostgreSQL tablespace exists at a directory, with the owner and options given."
                : "Ensures a PostgreSQL tablespace does not exist.";
    }

    @Override
    List<Param> own() {
        List<Param> params = new ArrayList<>();
        if (present) {
            params.add(Param.required("directory", Type.STRING, "the directory, owned by the server's user"));
            params.add(Param.optional("options", Type.MAP, null, "planner options (seq_page_cost: 1.0)"));
            params.add(Param.optional("owner", Type.STRING, null, "the owning role"));
        }
        return params;
    }

    @Override
    String subject(Arguments args) {
        return "Tablespace " + args.name();
    }

    @Override
    StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        String directory = args.string("directory");
        String owner = args.string("owner");
        Map<String, Object> options = args.map("options");
        Map<String, Object> ts = pg.databases().tablespaces(ctx.commands(), c).get(name);
        if (ts == null) {
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Tablespace " + name + " is set to be created");
            }
            try {
                pg.databases().createTablespace(ctx.commands(), c, name, directory, owner, options);
            } catch (FunctionException e) {
                return StateResult.failed("Failed to create tablespace " + name + ": " + e.getMessage());
            }
            return StateResult.changed(Map.of(name, "Present"), "The tablespace " + name + " has been created");
        }
        if (!directory.equals(ts.get("Location")) && !ctx.test()) {
            return StateResult.failed("Tablespace " + name + " is not at the right location. This is unfixable "
                    + "without dropping and recreating the tablespace.");
        }
        Map<String, Object> changed = new LinkedHashMap<>();
        String comment = "Tablespace " + name + " is already present";
        boolean pending = false;
        if (owner != null && !owner.equals(ts.get("Owner"))) {
            if (ctx.test()) {
                pending = true;
                comment = "Tablespace " + name + " owner to be altered";
            } else {
                pg.databases().alterTablespace(ctx.commands(), c, name, owner, Map.of());
                changed.put("owner", owner);
                comment = "Tablespace " + name + " owner changed";
            }
        }
        Map<String, Object> setOptions = new LinkedHashMap<>();
        String opts = String.valueOf(ts.get("Opts"));
        for (Map.Entry<String, Object> o : options.entrySet()) {
            if (!opts.contains(o.getKey() + "=" + o.getValue())) {
                setOptions.put(o.getKey(), o.getValue());
            }
        }
        if (!setOptions.isEmpty()) {
            if (ctx.test()) {
                return StateResult.pending(Map.of(), "Tablespace " + name + " options to be altered");
            }
            pg.databases().alterTablespace(ctx.commands(), c, name, null, setOptions);
            changed.put("options", setOptions);
            comment = "Tablespace " + name + " opts changed";
        }
        if (pending) {
            return StateResult.pending(Map.of(), comment);
        }
        return changed.isEmpty() ? StateResult.ok(comment) : StateResult.changed(Map.of(name, changed), comment);
    }

    @Override
    StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        if (!pg.databases().tablespaces(ctx.commands(), c).containsKey(name)) {
            return StateResult.ok("Tablespace " + name + " is not present, so it cannot be removed");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Tablespace " + name + " is set to be removed");
        }
        try {
            pg.databases().removeTablespace(ctx.commands(), c, name);
        } catch (FunctionException e) {
            return StateResult.failed("Failed to remove tablespace " + name + ": " + e.getMessage());
        }
        return StateResult.changed(Map.of(name, "Absent"), "Tablespace " + name + " has been removed");
    }
}
