package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code for} as Jinja has it: a mapping yields its keys, and the loop filter counts only the items it keeps. */
class ForLoopTest {
    @TempDir Path dir;

    private String render(String template) throws TemplateException {
        return new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "web1", Map.of("id", "web1"),
                Map.of("users", Map.of("alice", Map.of("active", true))), false, FunctionCaller.NONE)
                .render(template, "t.sls", Map.of());
    }

    @Test
    void aMappingYieldsItsKeys() throws Exception {
        assertEquals("ab", render("{% for k in {'a': 1, 'b': 0} %}{{ k }}{% endfor %}"));
        assertEquals("alice", render("{% for name in pillar.users %}{{ name }}{% endfor %}"));
        assertEquals("a1b0", render("{% for k, v in {'a': 1, 'b': 0}.items() %}{{ k }}{{ v }}{% endfor %}"));
    }

    @Test
    void theLoopFilterLeavesItemsOutBeforeTheLoopCounts() throws Exception {
        assertEquals("1:1,2:2", render(
                "{% for x in [1, 0, 2] if x %}{{ loop.index }}:{{ x }}{{ ',' if not loop.last else '' }}{% endfor %}"));
        assertEquals("a", render("{% set d = {'a': 1, 'b': 0} %}{% for k in d if d[k] %}{{ k }}{% endfor %}"));
        assertEquals("c=3;", render("{% for k, v in {'a': 1, 'b': 0, 'c': 3}.items() if v > 1 %}{{ k }}={{ v }};{% endfor %}"));
        assertEquals("alice", render("{% for n, u in pillar.users.items() if u.active %}{{ n }}{% endfor %}"));
    }
}
