package io.brine.modules.postgres;

import io.brine.functions.Arguments;
import io.brine.functions.CommandRunner;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Salt's {@code postgres} execution functions, with Salt's names, arguments and return values: lists and lookups
 * return what Salt's return; a function that changes the server returns True, False when there was nothing to do
 * (Salt's {@code user_create} of an existing role), and fails with the server's message otherwise (where Salt
 * returns False and logs it).
 */
final class PgFunction implements ExecutionFunction {
    enum Kind { VERSION, PSQL_QUERY, DB_LIST, DB_EXISTS, DB_CREATE, DB_ALTER, DB_REMOVE, TABLESPACE_LIST,
        TABLESPACE_EXISTS, TABLESPACE_CREATE, TABLESPACE_ALTER, TABLESPACE_REMOVE, USER_LIST, ROLE_GET, USER_EXISTS,
        USER_CREATE, USER_UPDATE, USER_REMOVE, GROUP_CREATE, GROUP_UPDATE, GROUP_REMOVE, SCHEMA_LIST, SCHEMA_GET,
        SCHEMA_EXISTS, SCHEMA_CREATE, SCHEMA_REMOVE, AVAILABLE_EXTENSIONS, INSTALLED_EXTENSIONS,
        IS_AVAILABLE_EXTENSION, IS_INSTALLED_EXTENSION, GET_INSTALLED_EXTENSION, CREATE_EXTENSION, DROP_EXTENSION,
        PRIVILEGES_LIST, HAS_PRIVILEGES, PRIVILEGES_GRANT, PRIVILEGES_REVOKE }

    private final Kind kind;
    private final Postgres pg;

    PgFunction(Kind kind, Postgres pg) {
        this.kind = kind;
        this.pg = pg;
    }

    @Override
    public String name() {
        return "postgres." + kind.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String doc() {
        return switch (kind) {
            case VERSION -> "The server's version (server_version).";
            case PSQL_QUERY -> "Runs a query and returns its rows, each a mapping of column to text.";
            case DB_LIST -> "Every database, with its owner, encoding, collation, ctype, privileges and tablespace.";
            case DB_EXISTS -> "True if the database exists.";
            case DB_CREATE -> "Creates a database.";
            case DB_ALTER -> "Changes a database's owner (owner_recurse: also its objects') or tablespace.";
            case DB_REMOVE -> "Drops a database, ending its connections first.";
            case TABLESPACE_LIST -> "Every tablespace, with its owner, ACL, options and location.";
            case TABLESPACE_EXISTS -> "True if the tablespace exists.";
            case TABLESPACE_CREATE -> "Creates a tablespace at a directory.";
            case TABLESPACE_ALTER -> "Changes a tablespace's owner or sets its options.";
            case TABLESPACE_REMOVE -> "Drops a tablespace.";
            case USER_LIST -> "Every role and its attributes (return_password: with its stored password).";
            case ROLE_GET -> "One role's attributes, or None.";
            case USER_EXISTS -> "True if the role exists.";
            case USER_CREATE -> "Creates a role that logs in unless told otherwise; False if it exists.";
            case USER_UPDATE -> "Changes a role's attributes, password or groups.";
            case USER_REMOVE, GROUP_REMOVE -> "Drops a role; False if there is none.";
            case GROUP_CREATE -> "Creates a role that does not log in unless told; False if it exists.";
            case GROUP_UPDATE -> "Changes a group role's attributes, password or groups.";
            case SCHEMA_LIST -> "Every schema of a database, with its owner and ACL.";
            case SCHEMA_GET -> "One schema's owner and ACL, or None.";
            case SCHEMA_EXISTS -> "True if the schema exists in the database.";
            case SCHEMA_CREATE -> "Creates a schema in a database; False if it exists.";
            case SCHEMA_REMOVE -> "Drops a schema of a database; False if there is none.";
            case AVAILABLE_EXTENSIONS -> "The extensions the server can install.";
            case INSTALLED_EXTENSIONS -> "The extensions installed in the database.";
            case IS_AVAILABLE_EXTENSION -> "True if the server can install the extension.";
            case IS_INSTALLED_EXTENSION -> "True if the extension is installed in the database.";
            case GET_INSTALLED_EXTENSION -> "An installed extension's row, or None.";
            case CREATE_EXTENSION -> "Installs an extension, or moves or updates it; True when it is as asked.";
            case DROP_EXTENSION -> "Drops an extension; True when it is gone.";
            case PRIVILEGES_LIST -> "Who holds which privileges on an object (or which members a group has).";
            case HAS_PRIVILEGES -> "True if a role holds the privileges on the object (or is a member of the group).";
            case PRIVILEGES_GRANT -> "Grants privileges on an object (or a group membership); False if held.";
            case PRIVILEGES_REVOKE -> "Revokes privileges on an object (or a group membership); False if not held.";
        };
    }

    @Override
    public List<Param> params() {
        List<Param> own = new ArrayList<>();
        Param name = Param.required("name", Type.STRING, "the name");
        switch (kind) {
            case PSQL_QUERY -> {
                own.add(Param.required("query", Type.STRING, "the query: SELECT, or INSERT/UPDATE/DELETE ... RETURNING"));
                own.add(Param.optional("write", Type.BOOLEAN, false, "run it read-write even where the server's "
                        + "default is read-only"));
            }
            case DB_EXISTS, DB_REMOVE, TABLESPACE_EXISTS, TABLESPACE_REMOVE, USER_EXISTS, IS_AVAILABLE_EXTENSION,
                 IS_INSTALLED_EXTENSION, GET_INSTALLED_EXTENSION -> own.add(name);
            case DB_CREATE -> {
                own.add(name);
                for (String o : List.of("tablespace", "encoding", "lc_collate", "lc_ctype", "owner", "template")) {
                    own.add(Param.optional(o, Type.STRING, null, "the database's " + o));
                }
            }
            case DB_ALTER -> {
                own.add(name);
                own.add(Param.optional("tablespace", Type.STRING, null, "the new default tablespace"));
                own.add(Param.optional("owner", Type.STRING, null, "the new owner"));
                own.add(Param.optional("owner_recurse", Type.BOOLEAN, false, "also of every object in it"));
            }
            case TABLESPACE_CREATE -> {
                own.add(name);
                own.add(Param.required("location", Type.STRING, "its directory"));
                own.add(Param.optional("options", Type.MAP, null, "planner options"));
                own.add(Param.optional("owner", Type.STRING, null, "the owner"));
            }
            case TABLESPACE_ALTER -> {
                own.add(name);
                own.add(Param.optional("new_owner", Type.STRING, null, "the new owner"));
                own.add(Param.optional("set_option", Type.MAP, null, "options to set"));
            }
            case USER_LIST -> own.add(Param.optional("return_password", Type.BOOLEAN, false, "with stored passwords"));
            case ROLE_GET -> {
                own.add(name);
                own.add(Param.optional("return_password", Type.BOOLEAN, false, "with its stored password"));
            }
            case USER_CREATE, USER_UPDATE, GROUP_CREATE, GROUP_UPDATE -> own.addAll(roleParams());
            case USER_REMOVE -> own.add(Param.required("username", Type.STRING, "the role"));
            case GROUP_REMOVE -> own.add(Param.required("groupname", Type.STRING, "the role"));
            case SCHEMA_LIST -> own.add(Param.required("dbname", Type.STRING, "the database"));
            case SCHEMA_GET, SCHEMA_EXISTS, SCHEMA_REMOVE -> {
                own.add(Param.required("dbname", Type.STRING, "the database"));
                own.add(name);
            }
            case SCHEMA_CREATE -> {
                own.add(Param.required("dbname", Type.STRING, "the database"));
                own.add(name);
                own.add(Param.optional("owner", Type.STRING, null, "the owner"));
            }
            case CREATE_EXTENSION -> {
                own.add(name);
                own.add(Param.optional("if_not_exists", Type.BOOLEAN, true, "IF NOT EXISTS"));
                own.add(Param.optional("schema", Type.STRING, null, "its schema"));
                own.add(Param.optional("ext_version", Type.STRING, null, "the version"));
                own.add(Param.optional("from_version", Type.STRING, null, "the version to update from"));
            }
            case DROP_EXTENSION -> {
                own.add(name);
                own.add(Param.optional("if_exists", Type.BOOLEAN, false, "IF EXISTS"));
                own.add(Param.optional("restrict", Type.BOOLEAN, false, "RESTRICT"));
                own.add(Param.optional("cascade", Type.BOOLEAN, true, "CASCADE"));
            }
            case PRIVILEGES_LIST -> {
                own.add(Param.required("name", Type.STRING, "the object"));
                own.add(Param.required("object_type", Type.STRING, "its type"));
                own.add(Param.optional("prepend", Type.STRING, "public", "its schema"));
            }
            case HAS_PRIVILEGES, PRIVILEGES_GRANT, PRIVILEGES_REVOKE -> {
                own.add(Param.required("name", Type.STRING, "the role"));
                own.add(Param.required("object_name", Type.STRING, "the object"));
                own.add(Param.required("object_type", Type.STRING, "its type"));
                own.add(Param.optional("privileges", Type.STRING, null, "comma-separated, or ALL"));
                if (kind != Kind.PRIVILEGES_REVOKE) {
                    own.add(Param.optional("grant_option", Type.BOOLEAN, false, "with the grant option"));
                }
                own.add(Param.optional("prepend", Type.STRING, "public", "the object's schema"));
            }
            default -> {
            }
        }
        own.addAll(schemaKind() ? PgConnection.stateParams(false) : PgConnection.functionParams());
        return own;
    }

    private boolean schemaKind() {
        return kind.name().startsWith("SCHEMA_");
    }

    private List<Param> roleParams() {
        boolean group = kind == Kind.GROUP_CREATE || kind == Kind.GROUP_UPDATE;
        List<Param> params = new ArrayList<>(List.of(
                Param.required(group ? "groupname" : "username", Type.STRING, "the role"),
                Param.optional("createdb", Type.BOOLEAN, null, "may create databases"),
                Param.optional("createroles", Type.BOOLEAN, null, "may create roles"),
                Param.optional("encrypted", Type.ANY, null, "md5 (default) or scram-sha-256"),
                Param.optional("superuser", Type.BOOLEAN, null, "is a superuser"),
                Param.optional("login", Type.BOOLEAN, null, "may log in"),
                Param.optional("inherit", Type.BOOLEAN, null, "inherits its groups' privileges"),
                Param.optional("replication", Type.BOOLEAN, null, "may start replication"),
                Param.optional("rolepassword", Type.STRING, null, "the password"),
                Param.optional("groups", Type.ANY, null, "roles to be a member of")));
        if (!group) {
            params.add(Param.optional("connlimit", Type.INTEGER, null, "the connection limit"));
            params.add(Param.optional("valid_until", Type.STRING, null, "when the password expires"));
        }
        return params;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        PgConnection c = schemaKind() ? PgConnection.ofState(args, Map.of()) : PgConnection.ofFunction(args);
        CommandRunner r = context.commands();
        return switch (kind) {
            case VERSION -> pg.psql().scalar(r, c, "SELECT current_setting('server_version') AS v");
            case PSQL_QUERY -> query(r, c, args);
            case DB_LIST -> pg.databases().list(r, c);
            case DB_EXISTS -> pg.databases().list(r, c).containsKey(args.string("name"));
            case DB_CREATE -> {
                Map<String, String> options = new HashMap<>();
                for (String o : List.of("tablespace", "encoding", "lc_collate", "lc_ctype", "owner", "template")) {
                    options.put(o, args.string(o));
                }
                pg.databases().create(r, c, args.string("name"), options);
                yield true;
            }
            case DB_ALTER -> {
                pg.databases().alter(r, c, args.string("name"), args.string("owner"), args.bool("owner_recurse"),
                        args.string("tablespace"));
                yield true;
            }
            case DB_REMOVE -> {
                pg.databases().remove(r, c, args.string("name"));
                yield true;
            }
            case TABLESPACE_LIST -> pg.databases().tablespaces(r, c);
            case TABLESPACE_EXISTS -> pg.databases().tablespaces(r, c).containsKey(args.string("name"));
            case TABLESPACE_CREATE -> {
                pg.databases().createTablespace(r, c, args.string("name"), args.string("location"),
                        args.string("owner"), args.map("options"));
                yield true;
            }
            case TABLESPACE_ALTER -> {
                pg.databases().alterTablespace(r, c, args.string("name"), args.string("new_owner"),
                        args.map("set_option"));
                yield true;
            }
            case TABLESPACE_REMOVE -> {
                pg.databases().removeTablespace(r, c, args.string("name"));
                yield true;
            }
            case USER_LIST -> pg.roles().list(r, c, args.bool("return_password"));
            case ROLE_GET -> pg.roles().get(r, c, args.string("name"), args.bool("return_password"));
            case USER_EXISTS -> pg.roles().get(r, c, args.string("name"), false) != null;
            case USER_CREATE, GROUP_CREATE, USER_UPDATE, GROUP_UPDATE -> role(r, c, args);
            case USER_REMOVE, GROUP_REMOVE -> {
                String role = args.string(kind == Kind.USER_REMOVE ? "username" : "groupname");
                if (pg.roles().get(r, c, role, false) == null) {
                    yield false;
                }
                pg.roles().remove(r, c, role);
                yield true;
            }
            case SCHEMA_LIST -> pg.schemas().list(r, c.on(args.string("dbname")));
            case SCHEMA_GET -> pg.schemas().list(r, c.on(args.string("dbname"))).get(args.string("name"));
            case SCHEMA_EXISTS -> pg.schemas().list(r, c.on(args.string("dbname"))).containsKey(args.string("name"));
            case SCHEMA_CREATE, SCHEMA_REMOVE -> schema(r, c.on(args.string("dbname")), args);
            case AVAILABLE_EXTENSIONS -> pg.extensions().available(r, c);
            case INSTALLED_EXTENSIONS -> pg.extensions().installed(r, c);
            case IS_AVAILABLE_EXTENSION -> pg.extensions().available(r, c).keySet().stream()
                    .anyMatch(n -> n.equalsIgnoreCase(args.string("name")));
            case IS_INSTALLED_EXTENSION -> pg.extensions().installed(r, c).containsKey(args.string("name"));
            case GET_INSTALLED_EXTENSION -> pg.extensions().installed(r, c).get(args.string("name"));
            case CREATE_EXTENSION -> pg.extensions().create(r, c, args.string("name"), args.bool("if_not_exists"),
                    args.string("schema"), args.string("ext_version"), args.string("from_version"));
            case DROP_EXTENSION -> pg.extensions().drop(r, c, args.string("name"), args.bool("if_exists"),
                    args.bool("restrict"), args.bool("cascade"));
            case PRIVILEGES_LIST -> pg.privileges().list(r, c, args.string("name"), args.string("object_type"),
                    args.string("prepend"));
            case HAS_PRIVILEGES -> pg.privileges().has(r, c, args.string("name"), args.string("object_name"),
                    args.string("object_type"), args.string("privileges"), args.bool("grant_option"),
                    args.string("prepend"));
            case PRIVILEGES_GRANT -> pg.privileges().grant(r, c, args.string("name"), args.string("object_name"),
                    args.string("object_type"), args.string("privileges"), args.bool("grant_option"),
                    args.string("prepend"));
            case PRIVILEGES_REVOKE -> pg.privileges().revoke(r, c, args.string("name"), args.string("object_name"),
                    args.string("object_type"), args.string("privileges"), args.string("prepend"));
        };
    }

    private Object query(CommandRunner r, PgConnection c, Arguments args) throws Exception {
        return pg.psql().query(r, c, args.string("query"), args.bool("write"));
    }

    private Object role(CommandRunner r, PgConnection c, Arguments args) throws Exception {
        boolean group = kind == Kind.GROUP_CREATE || kind == Kind.GROUP_UPDATE;
        String role = args.string(group ? "groupname" : "username");
        String method = PgPasswords.method(args.raw("encrypted"));
        String password = args.string("rolepassword");
        RoleSpec spec = new RoleSpec((Boolean) args.raw("createdb"), (Boolean) args.raw("createroles"),
                (Boolean) args.raw("superuser"), (Boolean) args.raw("replication"), (Boolean) args.raw("inherit"),
                (Boolean) args.raw("login"), (Long) args.raw("connlimit"),
                password == null || password.isEmpty() ? null : pg.passwords().encrypt(role, password, method),
                args.string("valid_until"), RoleSpec.groups(args.raw("groups")));
        boolean exists = pg.roles().get(r, c, role, false) != null;
        if (kind == Kind.USER_CREATE || kind == Kind.GROUP_CREATE) {
            if (exists) {
                return false;
            }
            pg.roles().create(r, c, role, group ? PgRoles.Kind.GROUP : PgRoles.Kind.USER, spec);
            return true;
        }
        if (!exists) {
            throw new FunctionException((group ? "Group" : "User") + " '" + role + "' could not be found");
        }
        pg.roles().update(r, c, role, spec);
        return true;
    }

    private Object schema(CommandRunner r, PgConnection c, Arguments args) throws Exception {
        String schema = args.string("name");
        boolean exists = pg.schemas().list(r, c).containsKey(schema);
        if (kind == Kind.SCHEMA_CREATE) {
            if (exists) {
                return false;
            }
            pg.schemas().create(r, c, schema, args.string("owner"));
            return true;
        }
        if (!exists) {
            return false;
        }
        pg.schemas().remove(r, c, schema);
        return true;
    }
}
