package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Salt's {@code postgres_database.present} and {@code absent}, with Salt's comments and changes: a missing database
 * is created with the options given; an existing one gets the owner and tablespace asked for, and fails when its
 * encoding, collation or character type differ (those cannot change on a live database).
 */
final class DatabaseState extends PgState {
    DatabaseState(boolean present, Postgres pg) {
        super(present, pg);
    }

    @Override
    public String doc() {
        return present ? "Ensures a PostgreSQL database exists, with the owner, tablespace, encoding and locale given."
                : "Ensures a PostgreSQL database does not exist (its connections are ended first).";
    }

    @Override
    List<Param> own() {
        List<Param> params = new ArrayList<>();
        if (present) {
            params.add(Param.optional("tablespace", Type.STRING, null, "the default tablespace"));
            params.add(Param.optional("encoding", Type.STRING, null, "the character encoding (UTF8)"));
            params.add(Param.optional("lc_collate", Type.STRING, null, "the collation"));
            params.add(Param.optional("lc_ctype", Type.STRING, null, "the character classification"));
            params.add(Param.optional("owner", Type.STRING, null, "the owning role"));
            params.add(Param.optional("owner_recurse", Type.BOOLEAN, false, "also give the database's schemas, "
                    + "tables, sequences and functions to the owner"));
            params.add(Param.optional("template", Type.STRING, null, "the template database to copy"));
        }
        return params;
    }

    @Override
    String subject(Arguments args) {
        return "Database " + args.name();
    }

    @Override
    StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        Map<String, Object> db = pg.databases().list(ctx.commands(), c).get(name);
        String tablespace = args.string("tablespace");
        String encoding = args.string("encoding");
        String collate = args.string("lc_collate");
        String ctype = args.string("lc_ctype");
        String owner = args.string("owner");
        if (db != null) {
            boolean fixedDiffer = encoding != null && !encoding.toLowerCase(Locale.ROOT).equals(
                    String.valueOf(db.get("Encoding")).toLowerCase(Locale.ROOT))
                    || collate != null && !collate.equals(db.get("Collate"))
                    || ctype != null && !ctype.equals(db.get("Ctype"));
            if (fixedDiffer) {
                return StateResult.failed("Database " + name
                        + " has wrong parameters which couldn't be changed on fly.");
            }
            if ((tablespace == null || tablespace.equals(db.get("Tablespace")))
                    && (owner == null || owner.equals(db.get("Owner")))) {
                return StateResult.ok("Database " + name + " is already present");
            }
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), db == null ? "Database " + name + " is set to be created"
                    : "Database " + name + " exists, but parameters need to be changed");
        }
        if (db == null) {
            Map<String, String> options = new HashMap<>();
            options.put("tablespace", tablespace);
            options.put("encoding", encoding);
            options.put("lc_collate", collate);
            options.put("lc_ctype", ctype);
            options.put("owner", owner);
            options.put("template", args.string("template"));
            try {
                pg.databases().create(ctx.commands(), c, name, options);
            } catch (FunctionException e) {
                return StateResult.failed("Failed to create database " + name + ": " + e.getMessage());
            }
            return StateResult.changed(Map.of(name, "Present"), "The database " + name + " has been created");
        }
        try {
            pg.databases().alter(ctx.commands(), c, name, owner, args.bool("owner_recurse"), tablespace);
        } catch (FunctionException e) {
            return StateResult.failed("Failed to change parameters for database " + name + ": " + e.getMessage());
        }
        return StateResult.changed(Map.of(name, "Parameters changed"), "Parameters for database " + name
                + " have been changed");
    }

    @Override
    StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        if (!pg.databases().list(ctx.commands(), c).containsKey(name)) {
            return StateResult.ok("Database " + name + " is not present, so it cannot be removed");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "Database " + name + " is set to be removed");
        }
        try {
            pg.databases().remove(ctx.commands(), c, name);
        } catch (FunctionException e) {
            return StateResult.failed("Failed to remove database " + name + ": " + e.getMessage());
        }
        return StateResult.changed(Map.of(name, "Absent"), "Database " + name + " has been removed");
    }
}
