package io.brine.states.internal.jinja.filters;

import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.python.PythonText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Salt's filters that write data as JSON or YAML text and read it back. */
final class SerializationFilters {
    private SerializationFilters() {}

    static List<NamedFilter> all() {
        return List.of(
                new NamedFilter("json", (v, a) -> JacksonData.json(v)),
                new NamedFilter("tojson", (v, a) -> htmlSafe(JacksonData.json(v))),
                new NamedFilter("yaml", (v, a) -> JacksonData.yaml(v, a.flag(0, "flow_style", true))),
                new NamedFilter("yaml_encode", (v, a) -> yamlScalar(v)),
                new NamedFilter("yaml_dquote", (v, a) -> doubleQuoted(PythonText.str(v))),
                new NamedFilter("yaml_squote", (v, a) -> "'" + PythonText.str(v).replace("'", "''") + "'"),
                new NamedFilter("load_yaml", (v, a) -> JacksonData.readYaml(PythonText.str(v))),
                new NamedFilter("load_json", (v, a) -> JacksonData.readJson(PythonText.str(v))),
                new NamedFilter("dict_to_sls_yaml_params", (v, a) -> slsParams(v)));
    }

    /** Jinja's tojson may be put inside HTML or a script: these characters are escaped as JSON allows. */
    private static String htmlSafe(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("'", "\\u0027");
    }

    private static String yamlScalar(Object value) {
        if (value instanceof Map<?, ?> || value instanceof Iterable<?>) {
            throw new IllegalArgumentException("yaml_encode takes a single value, not " + PythonText.repr(value));
        }
        if (value instanceof CharSequence text) {
            // Salt double-quotes every string, so a multi-line value stays one scalar on the line where it is put
            return doubleQuoted(text.toString());
        }
        return value == null || value == PyNone.NONE ? "null" : JacksonData.yaml(value, true);
    }

    /** YAML's double-quoted style, where backslash escapes are allowed, so any text survives. */
    private static String doubleQuoted(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> out.append(c < 0x20 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }

    /** Each key and value as a one-key dict in a list: the parameter list of a state, in block style. */
    private static String slsParams(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("dict_to_sls_yaml_params takes a dict, not " + PythonText.repr(value));
        }
        List<Object> params = new ArrayList<>();
        map.forEach((k, v) -> params.add(Map.of(String.valueOf(k), v)));
        return JacksonData.yaml(params, false);
    }
}
