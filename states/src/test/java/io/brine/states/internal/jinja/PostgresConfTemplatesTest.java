package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates in the shape of postgres-formula's pg_hba.conf.j2 and pg_ident.conf.j2 (a list method under
 * {@code {% do %}}, then {@code str.format(*row)}), rendered with pillar rows as the formula's file.managed passes
 * them, each with the output Salt 3006 (Jinja2 3.1) gives.
 */
class PostgresConfTemplatesTest {
    private static final String HBA = "# pg_hba.conf, managed\n"
            + "# TYPE  DATABASE        USER            ADDRESS                 METHOD\n"
            + "{% for acl in acls %}\n"
            + "  {%- if acl | first() == 'local' %}\n"
            + "    {%- if acl | length() == 3 %}\n"
            + "      {%- do acl.extend(['', 'md5']) %}\n"
            + "    {%- elif acl | length() == 4 %}\n"
            + "      {%- do acl.insert(3, '') %}\n"
            + "    {%- endif %}\n"
            + "  {%- elif acl | length() == 4 %}\n"
            + "    {%- do acl.append('md5') %}\n"
            + "  {%- endif %}\n"
            + "{{ '{0:<7} {1:<15} {2:<15} {3:<23} {4}'.format(*acl) }}\n"
            + "{% endfor %}\n";

    private static final String IDENT = "# pg_ident.conf, managed\n"
            + "# MAPNAME       SYSTEM-USERNAME         PG-USERNAME\n"
            + "{%- for mapping in mappings %}\n"
            + "{{ '{0:<15} {1:<22} {2}'.format(*mapping) -}}\n"
            + "{% endfor %}\n";

    @TempDir
    Path dir;

    private String render(String template, Map<String, Object> context) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "db1", Map.of("os", "Debian"),
                Map.of(), false, FunctionCaller.NONE);
        return t.render(template, "postgres/templates/pg_hba.conf.j2", context);
    }

    @Test
    void hbaRowsAreCompletedByListMethodsThenAlignedByFormat() throws TemplateException {
        List<List<String>> acls = List.of(List.of("local", "db0", "connuser", "peer map=users_as_appuser"),
                List.of("local", "db1", "localUser"), List.of("host", "db2", "remoteUser", "192.168.33.0/24"),
                List.of("hostssl", "all", "all", "0.0.0.0/0", "scram-sha-256"));
        assertEquals("# pg_hba.conf, managed\n"
                + "# TYPE  DATABASE        USER            ADDRESS                 METHOD\n\n"
                + "local   db0             connuser                                peer map=users_as_appuser\n\n"
                + "local   db1             localUser                               md5\n\n"
                + "host    db2             remoteUser      192.168.33.0/24         md5\n\n"
                + "hostssl all             all             0.0.0.0/0               scram-sha-256\n\n",
                render(HBA, Map.of("acls", acls)));
    }

    @Test
    void identRowsAreSpreadIntoFormat() throws TemplateException {
        List<List<String>> mappings = List.of(List.of("users_as_appuser", "jdoe", "connuser"),
                List.of("users_as_appuser", "jsmith", "connuser"));
        assertEquals("# pg_ident.conf, managed\n"
                + "# MAPNAME       SYSTEM-USERNAME         PG-USERNAME\n"
                + "users_as_appuser jdoe                   connuser\n"
                + "users_as_appuser jsmith                 connuser\n",
                render(IDENT, Map.of("mappings", mappings)));
    }
}
