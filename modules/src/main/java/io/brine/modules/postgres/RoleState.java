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
 * Salt's {@code postgres_user.present}/{@code absent} and {@code postgres_group.present}/{@code absent}, with Salt's
 * comments and changes: a role is created, or altered where its attributes, password or group memberships differ
 * from what is asked (test mode lists those differences under the role's name).
 *
 * <pre>
 * app:
 *   postgres_user.present:
 *     - password: {{ pillar['app_password'] }}
 *     - createdb: True
 *     - groups: readers
 * </pre>
 */
final class RoleState extends PgState {
    private final PgRoles.Kind kind;

    RoleState(boolean present, PgRoles.Kind kind, Postgres pg) {
        super(present, pg);
        this.kind = kind;
    }

    private String noun() {
        return kind == PgRoles.Kind.USER ? "User" : "Group";
    }

    @Override
    public String doc() {
        return present ? "Ensures a PostgreSQL " + noun().toLowerCase() + " (a role) exists with the attributes, "
                + "password and groups given." : "Ensures a PostgreSQL " + noun().toLowerCase() + " does not exist.";
    }

    @Override
    List<Param> own() {
        List<Param> params = new ArrayList<>();
        if (present) {
            params.add(Param.optional("createdb", Type.BOOLEAN, null, "may create databases"));
            params.add(Param.optional("createroles", Type.BOOLEAN, null, "may create roles"));
            params.add(Param.optional("encrypted", Type.ANY, null, "how the password is stored: md5 (default, also "
                    + "True) or scram-sha-256"));
            params.add(Param.optional("superuser", Type.BOOLEAN, null, "is a superuser"));
            params.add(Param.optional("replication", Type.BOOLEAN, null, "may start streaming replication"));
            params.add(Param.optional("inherit", Type.BOOLEAN, null, "inherits its groups' privileges"));
            params.add(Param.optional("login", Type.BOOLEAN, null, "may log in (a user's default; not a group's)"));
            params.add(Param.optional("password", Type.STRING, null, "the password, clear or already md5.../SCRAM-"
                    + "SHA-256$..."));
            params.add(Param.optional("refresh_password", Type.BOOLEAN, null, "set the password without comparing it "
                    + "(for servers where the stored one cannot be read)"));
            params.add(Param.optional("groups", Type.ANY, null, "roles to be a member of: a list or comma-separated"));
            if (kind == PgRoles.Kind.USER) {
                params.add(Param.optional("default_password", Type.STRING, null, "the password on creation only, "
                        + "when password is not given"));
                params.add(Param.optional("valid_until", Type.STRING, null, "when the password stops being valid"));
            }
        }
        return params;
    }

    @Override
    String subject(Arguments args) {
        return noun() + " " + args.name();
    }

    @Override
    StateResult present(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        String method = PgPasswords.method(args.raw("encrypted"));
        boolean refresh = args.bool("refresh_password");
        Map<String, Object> role = pg.roles().get(ctx.commands(), c, name, !refresh);
        boolean create = role == null;
        String password = args.string("password");
        if (create && password == null && args.raw("default_password") != null) {
            password = args.string("default_password");
        }
        if (password != null) {
            password = !create && !refresh && PgPasswords.matches(name, password, (String) role.get("password"), method)
                    ? null : pg.passwords().encrypt(name, password, method);
        }
        List<String> groups = RoleSpec.groups(args.raw("groups"));
        Map<String, Object> update = new LinkedHashMap<>();
        if (!create) {
            differs(update, "createdb", args, role, "can create databases");
            differs(update, "inherit", args, role, "inherits privileges");
            differs(update, "login", args, role, "can login");
            differs(update, "createroles", args, role, "can create roles");
            differs(update, "replication", args, role, "replication");
            differs(update, "superuser", args, role, "superuser");
            if (password != null) {
                update.put("password", true);
            }
            if (args.raw("valid_until") != null && !validUntilMatches(ctx, c, args.string("valid_until"),
                    (String) role.get("expiry time"))) {
                update.put("valid_until", args.string("valid_until"));
            }
            @SuppressWarnings("unchecked")
            List<String> member = (List<String>) role.get("groups");
            List<String> missing = groups.stream().filter(g -> !member.contains(g)).toList();
            if (args.raw("groups") != null && !missing.isEmpty()) {
                update.put("groups", missing);
            }
            if (update.isEmpty()) {
                return StateResult.ok(noun() + " " + name + " is already present");
            }
        }
        String mode = create ? "create" : "update";
        if (ctx.test()) {
            return StateResult.pending(update.isEmpty() ? Map.of() : Map.of(name, update),
                    noun() + " " + name + " is set to be " + mode + "d");
        }
        RoleSpec spec = new RoleSpec(bool(args, "createdb"), bool(args, "createroles"), bool(args, "superuser"),
                bool(args, "replication"), bool(args, "inherit"), bool(args, "login"), null, password,
                args.raw("valid_until") == null ? null : args.string("valid_until"), groups);
        try {
            if (create) {
                pg.roles().create(ctx.commands(), c, name, kind, spec);
            } else {
                pg.roles().update(ctx.commands(), c, name, spec);
            }
        } catch (FunctionException e) {
            return StateResult.failed("Failed to " + mode + " " + noun().toLowerCase() + " " + name + ": "
                    + e.getMessage());
        }
        return StateResult.changed(Map.of(name, update.isEmpty() ? "Present" : update),
                "The " + noun().toLowerCase() + " " + name + " has been " + mode + "d");
    }

    /** Whether the role's expiry is the time asked, as the server reads the text given. */
    private boolean validUntilMatches(StateContext ctx, PgConnection c, String asked, String now)
            throws IOException, InterruptedException, FunctionException {
        String wanted = pg.psql().scalar(ctx.commands(), c, "SELECT to_char(" + Sql.literal(asked)
                + "::timestamptz, 'YYYY-MM-DD HH24:MI:SS') AS dt");
        return wanted != null && wanted.equals(now);
    }

    private static void differs(Map<String, Object> update, String arg, Arguments args, Map<String, Object> role,
            String attribute) {
        Boolean want = bool(args, arg);
        if (want != null && !want.equals(role.get(attribute))) {
            update.put(arg, want);
        }
    }

    private static Boolean bool(Arguments args, String name) {
        Object v = args.raw(name);
        return v == null ? null : (Boolean) v;
    }

    @Override
    StateResult absent(Arguments args, StateContext ctx, PgConnection c)
            throws IOException, InterruptedException, FunctionException {
        String name = args.name();
        if (pg.roles().get(ctx.commands(), c, name, false) == null) {
            return StateResult.ok(noun() + " " + name + " is not present, so it cannot be removed");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), noun() + " " + name + " is set to be removed");
        }
        try {
            pg.roles().remove(ctx.commands(), c, name);
        } catch (FunctionException e) {
            return StateResult.failed(noun() + " " + name + " failed to be removed: " + e.getMessage());
        }
        return StateResult.changed(Map.of(name, "Absent"), noun() + " " + name + " has been removed");
    }
}
