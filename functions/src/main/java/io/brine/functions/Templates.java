package io.brine.functions;

import java.util.Map;

/**
 * Renders Jinja in a sandbox that sees only grains, pillar, the minion id and what the caller adds:
 * no Java classes, no files except the state tree (for {@code include}/{@code import}), no processes.
 *
 * <pre>{@code
 * String text = ctx.templates().render(source, "nginx/nginx.conf", Map.of("port", 8080));
 * }</pre>
 */
public interface Templates {
    /**
     * @param name shown in error messages, usually the template's path in the state tree
     * @param extra more variables, e.g. {@code context} or {@code defaults} of {@code file.managed}
     */
    String render(String source, String name, Map<String, Object> extra) throws TemplateException;

    /**
     * The variables Salt gives a template fetched from the state tree ({@code file.managed} with
     * {@code template: jinja}), so that a formula's template finds its own files ({@code tpldir}, {@code tplfile},
     * ...) and can name its {@code source}; the renderer knows the dialect, so a function asks it rather than
     * knowing the names itself.
     *
     * @param treePath the template's path in the tree, e.g. {@code nginx/files/default/nginx.conf.jinja}
     */
    Map<String, Object> treeFileVariables(String treePath);
}
