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

/**
 * Salt's {@code postgres_extension.present} and {@code absent}: an extension of the {@code maintenance_db}
 * database, installed, moved to {@code schema} or updated to {@code ext_version} as needed.
 */
final class ExtensionState extends PgState {
    ExtensionState(boolean present, Postgres pg) {
        super(present, pg);
    }

    @Override
    public String doc() {
        return present ? "Ensures an extension is installed in a PostgreSQL database (maintenance_db), in the schema "
                + "and at least at the version given." : "Ensures an extension is not installed in a database.";
    }

    @Override
    List<Param> own() {
        List<Param> params = new ArrayList<>();
        if (present) {
            params.add(Param.optional("if_not_exists", Type.BOOLEAN, true, "CREATE EXTENSION IF NOT EXISTS"));
            params.add(Param.optional("schema", Type.STRING, null, "the schema for its objects"));
            params.add(Param.optional("ext_version", Type.STRING, null, "the version to install or update to"));
            params.add(Param.optional("from_version", Type.STRING, null, "the version to update from"));
        } else {
            params.add(Param.optional("if_exists", Type.BOOLEAN, false, "DROP EXTENSION IF EXISTS"));
            params.add(Param.optional("restrict", Type.BOOLEAN, false, "refuse to drop what depends on it"));
            params.add(Param.optional("cascade", Type.BOOLEAN, true, "also drop what depends on it"));
        }
        return params;
    }

    @Override
    String subject(Arguments args) {
        return "Extension " + args.name();
    }

    @Override
    StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        String schema = args.string("schema");
        String version = args.string("ext_version");
        List<PgExtensions.Need> needs = pg.extensions().plan(ctx.commands(), c, name, version, schema);
        if (needs.isEmpty()) {
            return StateResult.ok("Extension " + name + " is already present");
        }
        String mode = needs.contains(PgExtensions.Need.INSTALL) ? "install" : "upgrade";
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Extension " + name + " is set to be " + mode + "ed");
        }
        String done = mode.equals("install") ? "installed" : "upgraded";
        try {
            if (pg.extensions().create(ctx.commands(), c, name, !Boolean.FALSE.equals(args.raw("if_not_exists")),
                    schema, version, args.string("from_version"))) {
                return StateResult.changed(Map.of(name, mode.equals("install") ? "Installed" : "Upgraded"),
                        "The extension " + name + " has been " + done);
            }
            return StateResult.failed("Failed to " + mode + " extension " + name);
        } catch (FunctionException e) {
            return StateResult.failed("Failed to " + mode + " extension " + name + ": " + e.getMessage());
        }
    }

    @Override
    StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        if (!pg.extensions().installed(ctx.commands(), c).containsKey(name)) {
            return StateResult.ok("Extension " + name + " is not present, so it cannot be removed");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Extension " + name + " is set to be removed");
        }
        try {
            if (pg.extensions().drop(ctx.commands(), c, name, args.bool("if_exists"), args.bool("restrict"),
                    args.bool("cascade"))) {
                return StateResult.changed(Map.of(name, "Absent"), "Extension " + name + " has been removed");
            }
            return StateResult.failed("Extension " + name + " failed to be removed");
        } catch (FunctionException e) {
            return StateResult.failed("Extension " + name + " failed to be removed: " + e.getMessage());
        }
    }
}
