package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@code user.present} state asks for, read once from its arguments. Empty means "not managed":
 * {@code groups} unset keeps the user's groups, while an empty list removes them all but the primary.
 * {@code password} is already a hash here (hash_password is applied before).
 */
record UserRequest(String name, Optional<Long> uid, Optional<String> gid, Optional<Boolean> usergroup,
                                      Optional<List<String>> groups, List<String> optionalGroups, boolean removeGroups,
                                      Optional<String> home, boolean createhome, Optional<String> shell, Optional<String> password,
                                      boolean enforcePassword, boolean emptyPassword, Map<String, Long> aging,
                                      Map<String, String> gecos, boolean unique, boolean system, boolean nologinit,
                                      boolean allowUidChange, boolean allowGidChange) {
    /** Shadow aging arguments and the chage option each maps to, in the order Salt applies them. */
    static final Map<String, String> AGING_OPTIONS = orderedAging();

    static List<Param> params() {
        List<Param> params = new ArrayList<>(List.of(
                Param.optional("uid", Type.INTEGER, null, "user id"),
                Param.optional("gid", Type.STRING, null, "primary group, by name or number"),
                Param.optional("usergroup", Type.BOOLEAN, null, "create a group named as the user (default: login.defs)"),
                Param.optional("groups", Type.STRING_LIST, null, "supplementary groups; [] leaves all but the primary"),
                Param.optional("optional_groups", Type.STRING_LIST, null, "supplementary groups, those that exist"),
                Param.optional("remove_groups", Type.BOOLEAN, true, "leave groups not listed in groups"),
                Param.optional("home", Type.STRING, null, "home directory"),
                Param.optional("createhome", Type.BOOLEAN, true, "create the home directory if it is missing"),
                Param.optional("shell", Type.STRING, null, "login shell"),
                Param.optional("password", Type.STRING, null, "password hash, as in /etc/shadow"),
                Param.optional("hash_password", Type.BOOLEAN, false, "password is clear text: store its SHA-512 crypt"),
                Param.optional("enforce_password", Type.BOOLEAN, true, "false: keep a password already set"),
                Param.optional("empty_password", Type.BOOLEAN, false, "allow login without a password"),
                Param.optional("date", Type.INTEGER, null, "last password change, days since 1970-01-01"),
                Param.optional("mindays", Type.INTEGER, null, "minimum days between password changes"),
                Param.optional("maxdays", Type.INTEGER, null, "maximum days a password is valid"),
                Param.optional("inactdays", Type.INTEGER, null, "days after expiry until the account is locked"),
                Param.optional("warndays", Type.INTEGER, null, "days of warning before a password expires"),
                Param.optional("expire", Type.INTEGER, null, "account expiry, days since 1970-01-01; -1 for never"),
                Param.optional("unique", Type.BOOLEAN, true, "false: allow a uid another user has"),
                Param.optional("system", Type.BOOLEAN, false, "create a system account"),
                Param.optional("nologinit", Type.BOOLEAN, false, "keep the new user out of lastlog and faillog"),
                Param.optional("allow_uid_change", Type.BOOLEAN, false, "allow changing the uid of an existing user"),
                Param.optional("allow_gid_change", Type.BOOLEAN, false, "allow changing the gid of an existing user")));
        for (String field : Gecos.FIELDS) {
            params.add(Param.optional(field, Type.STRING, null, "the GECOS " + field + " field"));
        }
        return params;
    }

    /** The request in {@code args}, whose password, when given in clear text, is already hashed. */
    static UserRequest of(Arguments args, Optional<String> passwordHash) {
        Map<String, Long> aging = new LinkedHashMap<>();
        for (String key : AGING_OPTIONS.keySet()) {
            args.optInteger(key).ifPresent(v -> aging.put(key, v));
        }
        Map<String, String> gecos = new LinkedHashMap<>();
        for (String field : Gecos.FIELDS) {
            if (args.has(field)) {
                gecos.put(field, args.string(field)); // "" is a value: it empties the field
            }
        }
        Optional<List<String>> groups = args.has("groups")
                ? Optional.of(AccountDatabase.names(args.strings("groups"))) : Optional.empty();
        return new UserRequest(args.name(), args.optInteger("uid"), args.optString("gid"),
                Optional.ofNullable((Boolean) args.get("usergroup")), groups,
                AccountDatabase.names(args.strings("optional_groups")), args.bool("remove_groups"), args.optString("home"),
                args.bool("createhome"), args.optString("shell"), passwordHash, args.bool("enforce_password"),
                args.bool("empty_password"), aging, gecos, args.bool("unique"), args.bool("system"), args.bool("nologinit"),
                args.bool("allow_uid_change"), args.bool("allow_gid_change"));
    }

    UserRequest {
        aging = Collections.unmodifiableMap(new LinkedHashMap<>(aging));
        gecos = Collections.unmodifiableMap(new LinkedHashMap<>(gecos));
        optionalGroups = List.copyOf(optionalGroups);
    }

    /** A reason the request cannot be met as asked, before anything is looked up; empty when it is well formed. */
    Optional<String> problem() {
        // a comma would shift every later GECOS field, so the state could never settle
        for (String field : List.of("fullname", "roomnumber", "workphone", "homephone")) {
            String value = gecos.get(field);
            if (value != null && value.contains(",")) {
                return Optional.of("Unsupported char ',' in " + field + " '" + value + "'");
            }
        }
        for (String value : gecos.values()) {
            if (value.contains(":") || value.contains("\n")) {
                return Optional.of("GECOS fields cannot contain ':' or a line break: '" + value + "'");
            }
        }
        return Optional.empty();
    }

    private static Map<String, String> orderedAging() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("date", "-d");
        m.put("mindays", "-m");
        m.put("maxdays", "-M");
        m.put("inactdays", "-I");
        m.put("warndays", "-W");
        m.put("expire", "-E");
        return Collections.unmodifiableMap(m);
    }
}
