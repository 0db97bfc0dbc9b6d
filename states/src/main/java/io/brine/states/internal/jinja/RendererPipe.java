package io.brine.states.internal.jinja;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brine.functions.TemplateException;
import java.util.List;
import java.util.Map;

/**
 * Salt's renderer pipes for {@code salt['slsutil.renderer']}: {@code jinja} renders text, {@code yaml} and
 * {@code json} parse it into data. A {@code #!} first line overrides the pipe asked for, as in Salt; a template
 * stage after a data stage cannot run (Salt's Jinja reads only text) and is refused.
 */
final class RendererPipe {
    /** The Jinja stage: the caller's own templates, so the file sees the same grains, pillar and salt. */
    @FunctionalInterface
    interface Jinja {
        String render(String text, String name, Map<String, Object> vars) throws TemplateException;
    }

    // a key given twice is an error, as in Salt's YAML loader, not the later value silently
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private RendererPipe() {}

    static Object run(String text, String name, String pipeline, Map<String, Object> vars, Jinja jinja)
            throws Exception {
        String first = text.lines().findFirst().orElse("").strip();
        String pipe = first.startsWith("#!") && !first.startsWith("#!/") ? first.substring(2) : pipeline;
        Object value = text;
        for (String stage : pipe.replace(" ", "").split("\\|")) {
            if (!(value instanceof String current)) {
                throw new IllegalArgumentException("salt['slsutil.renderer']: '" + stage + "' after a data stage cannot "
                        + "run in '" + pipe + "'");
            }
            value = switch (stage) {
                case "jinja" -> jinja.render(current, name, vars);
                case "yaml", "json" -> current.isBlank() ? Map.of() : YAML.readValue(current, Object.class);
                default -> throw new IllegalArgumentException("salt['slsutil.renderer']: unsupported renderer '" + stage
                        + "' (use " + String.join(", ", List.of("jinja", "yaml", "json")) + ")");
            };
        }
        return value;
    }
}
