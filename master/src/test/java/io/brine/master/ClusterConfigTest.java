package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code cluster:} read with Salt's file-and-line errors; no credentials in the URL; libpq's names for TLS. */
class ClusterConfigTest {
    private static MasterConfig read(String yaml) {
        return MasterConfig.from(ConfigFile.parse(yaml, "master.yaml"));
    }

    private static String refusal(String yaml) {
        return assertThrows(ConfigException.class, () -> read(yaml)).getMessage();
    }

    @Test
    void withoutTheKeyAMasterKeepsItsOwnState() {
        assertNull(MasterConfig.defaults().cluster());
    }

    @Test
    void aDatabaseUrlAndItsOptionsAreRead() {
        ClusterConfig c = read("""
                timeout: 5
                cluster:
                  database: postgresql://db1.example:5432,db2.example:5433/brine?target_session_attrs=read-write
                  user: brine
                  password_file: /etc/brine/cluster-password
                  sslmode: verify-full
                  sslrootcert: /etc/brine/ca.pem
                  pool_size: 4
                """).cluster();
        assertEquals("jdbc:postgresql://db1.example:5432,db2.example:5433/brine?target_session_attrs=read-write",
                c.jdbcUrl());
        assertEquals("brine", c.user());
        assertEquals(Path.of("/etc/brine/cluster-password"), c.passwordFile());
        assertEquals("verify-full", c.sslMode());
        assertEquals(Path.of("/etc/brine/ca.pem"), c.sslRootCert());
        assertEquals(4, c.poolSize());
        assertEquals("jdbc:postgresql://h/brine", read("cluster: {database: 'postgres://h/brine'}\n").cluster()
                .jdbcUrl(), "libpq's short scheme too");
        assertEquals(10, read("cluster: {database: 'postgres://h/brine'}\n").cluster().poolSize());
        assertEquals("jdbc:postgresql://?service=brine", read("cluster: {service: brine}\n").cluster().jdbcUrl());
    }

    @Test
    void anUnknownKeyNamesFileLineAndTheKnownOnes() {
        assertEquals("master.yaml:2: unknown key 'cluster: host'; known: database, password_file, pool_size, service, "
                + "sslcert, sslkey, sslmode, sslrootcert, user", refusal("timeout: 5\ncluster:\n  host: db\n"));
    }

    @Test
    void aPasswordInTheUrlIsRefusedWithoutBeingRepeated() {
        String m = refusal("cluster: {database: 'postgresql://brine:s3cret@db/brine'}\n");
        assertTrue(m.startsWith("master.yaml:1: 'cluster: database' holds a password; put it in 'password_file'"), m);
        assertTrue(!m.contains("s3cret"), m);
    }

    @Test
    void whatTheDriverCouldNotTakeIsRefusedAtOnce() {
        assertEquals("master.yaml:1: 'cluster' needs one of 'database' (a postgresql:// URL) and 'service'",
                refusal("cluster: {user: brine}\n"));
        assertEquals("master.yaml:1: 'cluster' needs one of 'database' (a postgresql:// URL) and 'service'",
                refusal("cluster: {database: 'postgresql://h/b', service: brine}\n"));
        assertEquals("master.yaml:1: 'cluster: database' must be a postgresql:// URL: mysql://h/b",
                refusal("cluster: {database: 'mysql://h/b'}\n"));
        assertTrue(refusal("cluster: {database: 'postgresql://h/b', sslmode: strict}\n")
                .contains("'cluster: sslmode' must be one of disable, allow, prefer, require, verify-ca, verify-full"));
        assertEquals("master.yaml:1: 'cluster: pool_size' must be between 1 and 200: 0",
                refusal("cluster: {database: 'postgresql://h/b', pool_size: 0}\n"));
        assertEquals("master.yaml:1: 'cluster: user' must be a string",
                refusal("cluster: {database: 'postgresql://h/b', user: [a]}\n"));
    }
}
