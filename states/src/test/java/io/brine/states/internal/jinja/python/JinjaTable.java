package io.brine.states.internal.jinja.python;

import io.brine.functions.TemplateException;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A table of templates and what Salt (Jinja2 on Python) renders for each, checked row by row so one run lists every
 * row that differs. An expected {@code error: TEXT} means rendering fails with a message containing TEXT.
 */
final class JinjaTable {
    private JinjaTable() {
    }

    /** The rows that render otherwise, each with what Salt gives and what Brine gave; empty when all agree. */
    static List<String> mismatches(JinjaTemplates t, String[][] table) {
        List<String> wrong = new ArrayList<>();
        for (String[] row : table) {
            String got = render(t, row[0]);
            boolean same = row[1].startsWith("error: ") ? got.startsWith("error: ") && got.contains(row[1].substring(7))
                    : got.equals(row[1]);
            if (!same) {
                wrong.add(row[0] + "\n    Salt: " + row[1] + "\n    here: " + got);
            }
        }
        return wrong;
    }

    private static String render(JinjaTemplates t, String template) {
        try {
            return t.render(template, "init.sls", Map.of());
        } catch (TemplateException e) {
            return "error: " + e.getMessage();
        }
    }
}
