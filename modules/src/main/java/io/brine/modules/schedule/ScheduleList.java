package io.brine.modules.schedule;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code schedule.list [show_all=] [show_disabled=] [return_yaml=]}: the minion's schedule as Salt lists it: YAML
 * text {@code schedule: {...}} by default, each entry with {@code saved} (whether it was made at run time, which
 * Salt saves to {@code _schedule.conf}); {@code return_yaml=False} gives the mapping itself. Entries whose names
 * begin with {@code __} (the mine's update) are the minion's own and shown only with {@code show_all=True}. Each
 * entry says where it comes from ({@code source}: config, pillar or runtime), which Salt's listing does not.
 */
final class ScheduleList implements ExecutionFunction {
    /** Keys sorted, as PyYAML's safe_dump writes them; block style, as Salt asks for. */
    private static final class Yaml {
        static final ObjectMapper MAPPER = new ObjectMapper(new YAMLFactory()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }

    @Override
    public String name() {
        return "schedule.list";
    }

    @Override
    public String doc() {
        return "Lists the jobs scheduled on this minion, as YAML text (return_yaml=False: the mapping), each with "
                + "where it comes from (source: config, pillar or runtime).";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("show_all", Type.BOOLEAN, false, "also the minion's own jobs (named __...)"),
                Param.optional("show_disabled", Type.BOOLEAN, true, "also disabled jobs"),
                Param.optional("return_yaml", Type.BOOLEAN, true, "YAML text, as Salt returns by default"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> shown = new LinkedHashMap<>();
        ScheduleCalls.control(context).list().forEach((name, value) -> {
            if (!(value instanceof Map<?, ?> entry)) {
                shown.put(name, value); // the schedule's own keys: enabled
                return;
            }
            if (name.startsWith("__") && !args.bool("show_all")
                    || Boolean.FALSE.equals(entry.get("enabled")) && !args.bool("show_disabled")) {
                return;
            }
            Map<String, Object> copy = new LinkedHashMap<>();
            entry.forEach((k, v) -> copy.put(String.valueOf(k), v));
            if (args.bool("return_yaml")) {
                copy.put("saved", "runtime".equals(copy.get("source")));
            }
            shown.put(name, copy);
        });
        if (!args.bool("return_yaml")) {
            return shown;
        }
        return Yaml.MAPPER.writeValueAsString(Map.of("schedule", shown));
    }
}
