package io.brine.config;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Renders a YAML document written as a template before it is read, as Salt renders pillar files through Jinja.
 * The master knows no template language itself (it never depends on the state engine); a renderer on the class
 * path, registered in {@code META-INF/services/io.brine.config.TemplateRenderer}, supplies one. Without one, files
 * are read as plain YAML.
 *
 * <pre>{@code
 * String yaml = TemplateRenderer.installed().render(text, "web.sls", roots, Map.of("grains", grains));
 * }</pre>
 */
public interface TemplateRenderer {
    /** No template language: the text is the YAML. */
    TemplateRenderer PLAIN = (text, file, roots, vars) -> text;

    /**
     * @param roots where the template's imports and includes are looked up
     * @throws ConfigException naming the file and, where known, the line of a render error
     */
    String render(String text, String file, List<Path> roots, Map<String, Object> vars);

    /** The first renderer on the class path (by class name, so the choice never depends on jar order), or PLAIN. */
    static TemplateRenderer installed() {
        return ServiceLoader.load(TemplateRenderer.class, TemplateRenderer.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .min(Comparator.comparing(r -> r.getClass().getName()))
                .orElse(PLAIN);
    }
}
