package io.brine.states;

import io.brine.config.ConfigException;
import io.brine.config.TemplateRenderer;
import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.internal.compiler.SlsContext;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Salt's pillar rendering for the master: each pillar file is a Jinja template (Salt's dialect, strict about
 * undefined values) over the minion's {@code grains}, {@code opts}, {@code saltenv} and the file's own {@code tpldir}
 * and {@code sls} variables, with the {@code salt[...]}
 * helpers that need no machine (pillar.get, grains.filter_by, defaults.merge...). Registered as the master's
 * {@link TemplateRenderer} when the state engine is on its class path.
 */
public final class PillarTemplates implements TemplateRenderer {
    @Override
    @SuppressWarnings("unchecked")
    public String render(String text, String file, List<Path> roots, Map<String, Object> vars) {
        Map<String, Object> grains = vars.get("grains") instanceof Map<?, ?> g ? (Map<String, Object>) g : Map.of();
        String id = String.valueOf(vars.getOrDefault("minion_id", grains.getOrDefault("id", "")));
        JinjaTemplates jinja = new JinjaTemplates(new DirectoryStateFiles(roots), id, grains, Map.of(), false,
                FunctionCaller.NONE);
        try {
            return jinja.render(text, file, SlsContext.ofPillar(file));
        } catch (TemplateException e) {
            throw new ConfigException("pillar " + e.getMessage());
        }
    }
}
