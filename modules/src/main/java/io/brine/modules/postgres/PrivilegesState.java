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
 * Salt's {@code postgres_privileges.present} and {@code absent}: privileges of role {@code name} on an object
 * ({@code object_type} table, sequence, schema, function, tablespace, language, database), or its membership of a
 * group ({@code object_type: group}, {@code object_name} the group), with Salt's rules ({@link PgPrivileges}).
 *
 * <pre>
 * app_read_orders:
 *   postgres_privileges.present:
 *     - name: app
 *     - object_name: orders
 *     - object_type: table
 *     - privileges: [SELECT, INSERT]
 *     - maintenance_db: shop
 * </pre>
 */
final class PrivilegesState extends PgState {
    PrivilegesState(boolean present, Postgres pg) {
        super(present, pg);
    }

    @Override
    public String doc() {
        return present ? "Ensures a role holds privileges on an object, or is a member of a group."
                : "Ensures a role does not hold privileges on an object, or is not a member of a group.";
    }

    @Override
    List<Param> own() {
        List<Param> params = new ArrayList<>(List.of(
                Param.required("object_name", Type.STRING, "the object (ALL: every table or sequence of the schema)"),
                Param.required("object_type", Type.STRING, "table, sequence, schema, function, tablespace, language, "
                        + "database or group"),
                Param.optional("privileges", Type.ANY, null, "a list (SELECT, INSERT... or ALL)"),
                Param.optional("prepend", Type.STRING, "public", "the schema of a table, sequence or function")));
        if (present) {
            params.add(Param.optional("grant_option", Type.BOOLEAN, null, "WITH GRANT OPTION (ADMIN OPTION for a "
                    + "group)"));
        }
        return params;
    }

    @Override
    String subject(Arguments args) {
        return "The privilege(s) of " + args.name() + " on " + args.string("object_name");
    }

    @Override
    StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        return converge(args, ctx, c);
    }

    @Override
    StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        return converge(args, ctx, c);
    }

    /** Grants (present) or revokes (absent) what is asked, when the role does not yet hold it (or still does). */
    private StateResult converge(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        String objectName = args.string("object_name");
        String type = args.string("object_type");
        String privileges = privileges(args.raw("privileges"));
        String prepend = args.string("prepend");
        String shown = "group".equalsIgnoreCase(type) ? objectName : privileges;
        boolean grantOption = args.bool("grant_option");
        boolean has = pg.privileges().has(ctx.commands(), c, name, objectName, type, privileges,
                present && grantOption, prepend);
        if (present == has) {
            return StateResult.ok(present ? "The requested privilege(s) are already set"
                    : "The requested privilege(s) are not set so cannot be revoked");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), "The privilege(s): " + shown + " are set to be "
                    + (present ? "granted to " : "revoked from ") + name);
        }
        try {
            if (present) {
                pg.privileges().grant(ctx.commands(), c, name, objectName, type, privileges, grantOption, prepend);
            } else {
                pg.privileges().revoke(ctx.commands(), c, name, objectName, type, privileges, prepend);
            }
        } catch (FunctionException e) {
            return StateResult.failed("Failed to " + (present ? "grant" : "revoke") + " privilege(s): " + shown
                    + (present ? " to " : " from ") + name + ": " + e.getMessage());
        }
        return StateResult.changed(Map.of(name, present ? "Present" : "Absent"), "The privilege(s): " + shown
                + " have been " + (present ? "granted to " : "revoked from ") + name);
    }

    /** Salt joins a list with commas; a text is taken as it is. */
    static String privileges(Object given) {
        if (given == null) {
            return null;
        }
        if (given instanceof List<?> list) {
            return list.isEmpty() ? null : String.join(",", list.stream().map(String::valueOf).toList());
        }
        String text = String.valueOf(given);
        return text.isEmpty() ? null : text;
    }
}
