package io.brine.states.internal.salt;

import java.nio.file.FileSystems;
import java.util.List;
import java.util.Map;

/**
 * Salt's data helpers for templates, which read only what the template already has (grains, pillar, the
 * minion's options): {@code pillar.get}, {@code grains.get}, {@code grains.filter_by} and {@code pillar.filter_by},
 * {@code has_value}, {@code item} and {@code pillar.keys}, {@code config.get}, {@code config.option},
 * {@code defaults.merge}, {@code defaults.deepcopy}, {@code slsutil.merge}.
 */
final class DataFunctions {
    private final Map<String, Object> grains;
    private final Map<String, Object> pillar;
    private final Map<String, Object> opts;

    DataFunctions(Map<String, Object> grains, Map<String, Object> pillar, Map<String, Object> opts) {
        this.grains = grains;
        this.pillar = pillar;
        this.opts = opts;
    }

    /** {@code pillar.get(key, default='', merge=False, delimiter=':')}; with merge, a mapping default is merged under. */
    Object pillarGet(Call c) {
        return get(pillar, c, true);
    }

    Object grainsGet(Call c) {
        return get(grains, c, false);
    }

    private static Object get(Map<String, Object> data, Call c, boolean merges) {
        String key = String.valueOf(c.required(0, "key"));
        Object fallback = c.arg(1, "default", "");
        Object found = Lookup.path(data, key, c.string(merges ? 3 : 2, "delimiter", ":"));
        if (merges && c.bool(2, "merge", false) && fallback instanceof Map<?, ?> base) {
            if (found == Lookup.MISSING) {
                return DeepMerge.copy(base);
            }
            if (found instanceof Map<?, ?> over) {
                return DeepMerge.into(DeepMerge.copyMap(base), over, false);
            }
        }
        return found == Lookup.MISSING ? fallback : found;
    }

    /** Salt's {@code grains.filter_by(lookup_dict, grain='os_family', merge=None, default='default', base=None)}. */
    Object filterBy(Call c) {
        return filterBy(c, grains, "grain", "os_family");
    }

    /** Salt's {@code pillar.filter_by(lookup_dict, pillar, merge=None, default='default', base=None)}. */
    Object pillarFilterBy(Call c) {
        if (c.arg(1, "pillar", Lookup.MISSING) == Lookup.MISSING) {
            throw new IllegalArgumentException("salt['pillar.filter_by'] is missing its argument 'pillar'");
        }
        return filterBy(c, pillar, "pillar", null);
    }

    private static Object filterBy(Call c, Map<String, Object> data, String keyName, String keyDefault) {
        Map<String, Object> lookup = c.map(0, "lookup_dict");
        if (lookup == null) {
            throw new IllegalArgumentException("salt['" + c.function() + "'] is missing its argument 'lookup_dict'");
        }
        Object value = Lookup.path(data, c.string(1, keyName, keyDefault), ":");
        Object found = null;
        for (Object each : value instanceof List<?> list ? list : List.of(String.valueOf(value))) {
            for (Map.Entry<String, Object> e : lookup.entrySet()) {
                // keys are globs, as Salt matches them with fnmatch
                if (FileSystems.getDefault().getPathMatcher("glob:" + e.getKey()).matches(java.nio.file.Path.of(
                        String.valueOf(each).replace('/', '_')))) {
                    found = e.getValue();
                    break;
                }
            }
            if (found != null) {
                break;
            }
        }
        if (found == null) {
            found = lookup.get(c.string(3, "default", "default"));
        }
        String base = c.string(4, "base", null);
        if (base != null && lookup.get(base) instanceof Map<?, ?> baseValues) {
            if (found == null) {
                found = DeepMerge.copy(baseValues);
            } else if (found instanceof Map<?, ?> over) {
                found = DeepMerge.into(DeepMerge.copyMap(baseValues), over, false);
            } else {
                throw new IllegalArgumentException("salt['" + c.function() + "']: the base is a mapping but the match is not");
            }
        }
        Object mergeArg = c.arg(2, "merge", null);
        // Salt tests 'if merge:', so an empty mapping, '' or False merges nothing rather than failing
        Map<String, Object> merge = mergeArg instanceof Map<?, ?> m && m.isEmpty() || Boolean.FALSE.equals(mergeArg)
                || "".equals(mergeArg) ? null : c.map(2, "merge");
        if (merge != null) {
            if (found == null) {
                return DeepMerge.copy(merge);
            }
            if (!(found instanceof Map<?, ?> over)) {
                throw new IllegalArgumentException("salt['" + c.function() + "']: merge needs the match to be a mapping");
            }
            return DeepMerge.into(DeepMerge.copyMap(over), merge, false);
        }
        return found == null ? null : DeepMerge.copy(found);
    }

    /** {@code grains.has_value(key)}, {@code pillar.has_value(key)}: whether the (":"-separated) key is there at all. */
    static Object hasValue(Map<String, Object> data, Call c) {
        return Lookup.path(data, String.valueOf(c.required(0, "key")), c.string(1, "delimiter", ":"))
                != Lookup.MISSING;
    }

    /** {@code grains.item(*keys, default='', delimiter=':')}, and pillar's: each key with its value or the default. */
    static Object item(Map<String, Object> data, Call c) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        Object fallback = c.kwargs().getOrDefault("default", "");
        String delimiter = String.valueOf(c.kwargs().getOrDefault("delimiter", ":"));
        for (Object key : c.args()) {
            Object found = Lookup.path(data, String.valueOf(key), delimiter);
            out.put(String.valueOf(key), found == Lookup.MISSING ? fallback : DeepMerge.copy(found));
        }
        return out;
    }

    /** {@code pillar.keys(key)}: the keys of the mapping at {@code key}; Salt's errors when it is missing or not one. */
    Object pillarKeys(Call c) {
        String key = String.valueOf(c.required(0, "key"));
        Object found = Lookup.path(pillar, key, c.string(1, "delimiter", ":"));
        if (found == Lookup.MISSING) {
            throw new IllegalArgumentException("salt['pillar.keys']: Pillar key not found: " + key);
        }
        if (!(found instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("salt['pillar.keys']: Pillar value in key " + key + " is not a dict");
        }
        return map.keySet().stream().map(String::valueOf).toList();
    }

    Map<String, Object> grains() {
        return grains;
    }

    Map<String, Object> pillar() {
        return pillar;
    }

    /** {@code config.get(key, default='')}: the minion's options, then grains, then pillar, as Salt looks. */
    Object configGet(Call c) {
        String key = String.valueOf(c.required(0, "key"));
        String delimiter = c.string(2, "delimiter", ":");
        for (Map<String, Object> source : List.of(opts, grains, pillar)) {
            Object found = Lookup.path(source, key, delimiter);
            if (found != Lookup.MISSING) {
                return found;
            }
        }
        return c.arg(1, "default", "");
    }

    /**
     * {@code config.option(value, default='')}: the key as it is (no {@code :} paths) in the minion's options, then
     * grains, then pillar, then the pillar's {@code master} mapping, as Salt looks; formulas keep module settings as
     * flat pillar keys ({@code postgres.port: 5432}). Salt's built-in defaults for its mongo, redis, solr and ldap
     * modules are not there: Brine has none of those modules.
     */
    Object configOption(Call c) {
        String key = c.string(0, "value", null);
        Object master = pillar.get("master");
        for (Map<?, ?> source : List.of(opts, grains, pillar, master instanceof Map<?, ?> m ? m : Map.of())) {
            if (source.containsKey(key)) {
                return source.get(key);
            }
        }
        return c.arg(1, "default", "");
    }

    /** {@code defaults.merge(dest, src, merge_lists=False, in_place=True)}: returns the merged mapping. */
    Object defaultsMerge(Call c) {
        Map<String, Object> dest = c.map(0, "dest");
        Map<String, Object> src = c.map(1, "src");
        Map<String, Object> target = c.bool(3, "in_place", true) ? dest : DeepMerge.copyMap(dest);
        return DeepMerge.into(target, src == null ? Map.of() : src, c.bool(2, "merge_lists", false));
    }

    /** {@code slsutil.merge(obj_a, obj_b, strategy='smart', renderer='yaml', merge_lists=False)}: a new mapping. */
    Object slsutilMerge(Call c) {
        Map<String, Object> a = c.map(0, "obj_a");
        Map<String, Object> b = c.map(1, "obj_b");
        return DeepMerge.into(DeepMerge.copyMap(a == null ? Map.of() : a), b == null ? Map.of() : b,
                c.bool(4, "merge_lists", false));
    }
}
