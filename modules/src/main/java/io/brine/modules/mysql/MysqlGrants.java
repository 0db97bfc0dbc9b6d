package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Grants, as Salt's {@code mysql.grant_*} functions manage them, read back from {@code SHOW GRANTS}. Unlike Salt,
 * a grant asked {@code WITH GRANT OPTION} exists only when the option is held too, and USAGE (no privilege at all)
 * is always held by an existing user.
 */
final class MysqlGrants {
    /** MariaDB 10.5 renamed these; SHOW GRANTS names them by their new names. */
    private static final Map<String, String> MARIADB_ALIASES = Map.of("REPLICATION REPLICA", "REPLICATION SLAVE",
            "REPLICATION CLIENT", "BINLOG MONITOR", "REPLICA MONITOR", "SLAVE MONITOR");

    private final MysqlSession session;
    private final MysqlUsers users;

    MysqlGrants(MysqlSession session) {
        this.session = session;
        this.users = new MysqlUsers(session);
    }

    /** Salt's {@code user_grants}: the user's SHOW GRANTS lines without passwords, or null for no such user. */
    List<String> userGrants(String user, String host) throws FunctionException, IOException, InterruptedException {
        if (!users.exists(user, host, new MysqlUsers.Password(null, null), false, false)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String line : session.query("SHOW GRANTS FOR " + SqlText.account(user, host)).firstColumn()) {
            String kept = line.split(" IDENTIFIED BY", 2)[0].split(" IDENTIFIED VIA", 2)[0];
            if (line.contains("WITH GRANT OPTION") && !kept.contains("WITH GRANT OPTION")) {
                kept += " WITH GRANT OPTION";
            }
            out.add(kept);
        }
        return out;
    }

    boolean exists(GrantSpec spec, String user, String host, boolean grantOption)
            throws FunctionException, IOException, InterruptedException {
        List<String> lines = userGrants(user, host);
        if (lines == null) {
            return false;
        }
        String version = session.version();
        Set<String> held = new HashSet<>();
        boolean optionHeld = false;
        for (String line : lines) {
            GrantLine grant = GrantLine.parse(line);
            if (grant != null && spec.sameTarget(grant)) {
                grant.privileges().forEach(p -> held.add(alias(p, version)));
                optionHeld |= grant.grantOption();
            }
        }
        for (String wanted : spec.privileges()) {
            if (!wanted.equals("USAGE") && !held.contains(alias(wanted, version))) {
                return false;
            }
        }
        return !grantOption || optionHeld;
    }

    /** Salt's {@code grant_add}: grants, then checks the grant is held. */
    boolean add(GrantSpec spec, String user, String host, boolean grantOption, List<Object> sslOption)
            throws FunctionException, IOException, InterruptedException {
        String sql = "GRANT " + spec.privilegesSql() + " ON " + spec.targetSql() + " TO " + SqlText.account(user, host)
                + SslRequirement.sql(sslOption) + (grantOption ? " WITH GRANT OPTION" : "");
        session.run(sql);
        return exists(spec, user, host, grantOption);
    }

    /** Salt's {@code grant_revoke}: revokes (with the grant option when asked), then checks it is gone. */
    boolean revoke(GrantSpec spec, String user, String host, boolean grantOption)
            throws FunctionException, IOException, InterruptedException {
        session.run("REVOKE " + spec.privilegesSql() + (grantOption ? ", GRANT OPTION" : "") + " ON "
                + spec.targetSql() + " FROM " + SqlText.account(user, host));
        return !exists(spec, user, host, false);
    }

    /** Revokes everything the user holds on the grant's database and table ({@code revoke_first}). */
    void revokeAllOn(GrantSpec spec, String user, String host)
            throws FunctionException, IOException, InterruptedException {
        List<String> lines = userGrants(user, host);
        boolean privileges = false;
        boolean option = false;
        for (String line : lines == null ? List.<String>of() : lines) {
            GrantLine grant = GrantLine.parse(line);
            if (grant != null && spec.sameTarget(grant)) {
                privileges |= !grant.privileges().equals(List.of("USAGE"));
                option |= grant.grantOption();
            }
        }
        String from = " ON " + spec.targetSql() + " FROM " + SqlText.account(user, host);
        // MariaDB takes ALL PRIVILEGES with GRANT OPTION in one REVOKE only for the whole server
        if (option) {
            session.run("REVOKE GRANT OPTION" + from);
        }
        if (privileges) {
            session.run("REVOKE ALL PRIVILEGES" + from);
        }
    }

    private static String alias(String privilege, String version) {
        return MysqlSession.mariadbAtLeast(version, 10, 5) ? MARIADB_ALIASES.getOrDefault(privilege, privilege)
                : privilege;
    }
}
