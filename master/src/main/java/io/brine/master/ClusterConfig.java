package io.brine.master;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;

/**
 * Masters sharing their state in PostgreSQL ({@code cluster:} in the master's configuration): the job cache, the
 * keys, the minions' facts, the API's tokens and the audit trail live in the database, so that every master of the
 * cluster serves the same fleet. Without it (the default) a master keeps them in its own files and SQLite.
 *
 * <pre>{@code
 * cluster:
 *   database: postgresql://db1.example:5432,db2.example:5432/brine   # libpq's URL; or `service: brine`
 *   user: brine
 *   password_file: /etc/brine/cluster-password        # 0600, the password alone (a trailing newline is dropped)
 *   sslmode: verify-full                              # libpq's names: disable, allow, prefer, require, verify-ca,
 *   sslrootcert: /etc/brine/cluster-ca.pem            #   verify-full
 *   pool_size: 10
 * }</pre>
 *
 * @param database     libpq's connection URL ({@code postgresql://} or {@code postgres://}: hosts, ports, database
 *                     and parameters, never a password), or null with {@code service}
 * @param service      a service of the PostgreSQL connection service file ({@code pg_service.conf}), or null
 * @param user         the database role, or null for the driver's default (the service's, or the system user's)
 * @param passwordFile a file holding the role's password, or null (trust, certificates, or the service's)
 * @param sslMode      libpq's {@code sslmode}, or null for the driver's default ({@code prefer})
 * @param sslRootCert  the CA certificate(s) the server's certificate must chain to, or null
 * @param sslCert      this master's client certificate, or null
 * @param sslKey       its key, or null
 * @param poolSize     connections each master keeps open at most ({@code pool_size}, default 10)
 */
public record ClusterConfig(String database, String service, String user, Path passwordFile, String sslMode,
        Path sslRootCert, Path sslCert, Path sslKey, int poolSize) {
    /** The keys {@code cluster:} takes. */
    public static final Set<String> KEYS = Set.of("database", "service", "user", "password_file", "sslmode",
            "sslrootcert", "sslcert", "sslkey", "pool_size");
    private static final Set<String> SSL_MODES = Set.of("disable", "allow", "prefer", "require", "verify-ca",
            "verify-full");

    public ClusterConfig {
        if ((database == null) == (service == null)) {
            throw new IllegalArgumentException("'cluster' needs one of 'database' (a postgresql:// URL) and 'service'");
        }
        if (database != null) {
            jdbcUrl(database); // refuses what the driver could not take, here rather than at the first connection
        }
        if (sslMode != null && !SSL_MODES.contains(sslMode)) {
            throw new IllegalArgumentException("'cluster: sslmode' must be one of disable, allow, prefer, require, "
                    + "verify-ca, verify-full; not '" + sslMode + "'");
        }
        if (poolSize < 1 || poolSize > 200) {
            throw new IllegalArgumentException("'cluster: pool_size' must be between 1 and 200: " + poolSize);
        }
    }

    /** The PostgreSQL JDBC driver's URL for this configuration's database or service (no credentials in it). */
    public String jdbcUrl() {
        return database != null ? jdbcUrl(database) : "jdbc:postgresql://?service=" + service;
    }

    private static String jdbcUrl(String url) {
        String rest;
        if (url.startsWith("postgresql://")) {
            rest = url.substring("postgresql://".length());
        } else if (url.startsWith("postgres://")) {
            rest = url.substring("postgres://".length());
        } else {
            throw new IllegalArgumentException("'cluster: database' must be a postgresql:// URL: " + redacted(url));
        }
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        int at = authority.lastIndexOf('@');
        if (at >= 0 && authority.substring(0, at).contains(":")) {
            throw new IllegalArgumentException("'cluster: database' holds a password; put it in 'password_file' "
                    + "(a configuration file is read by more than the master): " + redacted(url));
        }
        if (at >= 0) {
            throw new IllegalArgumentException("'cluster: database' names its user in the URL; use 'user': "
                    + redacted(url));
        }
        try {
            new URI("postgresql://" + (authority.contains(",") ? "multi-host" : authority)
                    + (slash < 0 ? "" : rest.substring(slash)));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'cluster: database' is not a URL: " + e.getReason());
        }
        return "jdbc:postgresql://" + rest;
    }

    /** {@code url} with anything between its scheme and an {@code @} hidden, for messages. */
    private static String redacted(String url) {
        int scheme = url.indexOf("://");
        int at = url.indexOf('@');
        return scheme >= 0 && at > scheme ? url.substring(0, scheme + 3) + "***" + url.substring(at) : url;
    }

    @Override
    public String toString() {
        return "ClusterConfig[" + (database != null ? database : "service=" + service) + ", user=" + user + "]";
    }

    /** For tests and embedding: a database URL and role, no password, the default pool. */
    public static ClusterConfig of(String database, String user) {
        return new ClusterConfig(Objects.requireNonNull(database), null, user, null, null, null, null, null, 10);
    }
}
