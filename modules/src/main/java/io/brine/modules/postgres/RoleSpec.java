package io.brine.modules.postgres;

import java.util.ArrayList;
import java.util.List;

/**
 * What a role should be, in Salt's terms; null leaves an attribute as the server has it (or its default on
 * creation).
 *
 * @param password the stored form already ({@link PgPasswords}), {@code ""} to remove it, or null to leave it
 * @param groups roles this one should be a member of
 */
record RoleSpec(Boolean createdb, Boolean createroles, Boolean superuser, Boolean replication, Boolean inherit,
        Boolean login, Long connlimit, String password, String validUntil, List<String> groups) {
    RoleSpec {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** Salt's {@code groups}: a list, or one text of comma-separated names. */
    static List<String> groups(Object groups) {
        List<String> out = new ArrayList<>();
        if (groups instanceof List<?> list) {
            list.forEach(g -> out.add(String.valueOf(g).strip()));
        } else if (groups != null && !String.valueOf(groups).isBlank()) {
            for (String g : String.valueOf(groups).split(",")) {
                out.add(g.strip());
            }
        }
        out.removeIf(String::isEmpty);
        return out;
    }
}
