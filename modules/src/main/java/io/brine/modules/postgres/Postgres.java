package io.brine.modules.postgres;

import java.nio.file.Path;
import java.security.SecureRandom;

/** One server's client and what the functions and states do through it, made once per module. */
record Postgres(Psql psql, PgRoles roles, PgDatabases databases, PgSchemas schemas, PgExtensions extensions,
        PgPrivileges privileges, PgPasswords passwords) {
    /** @param binDir where psql is; null: the minion's PATH */
    static Postgres at(Path binDir) {
        Psql psql = new Psql(binDir);
        return new Postgres(psql, new PgRoles(psql), new PgDatabases(psql), new PgSchemas(psql),
                new PgExtensions(psql), new PgPrivileges(psql), new PgPasswords(new SecureRandom()));
    }
}
