package io.brine.states.internal.jinja.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Python's operators and punctuation that formulas use inside Jinja, each with what Salt's Jinja renders. */
class PythonSyntaxTest {
  @TempDir
  Path dir;

  private String render(String template) throws TemplateException {
    JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
        Map.of("port", 80, "pkgs", List.of("a", "b"), "app", Map.of("name", "web")), false, FunctionCaller.NONE);
    return t.render(template, "init.sls", Map.of());
  }

  @Test
  void trailingCommasAreAcceptedInListsTuplesAndCalls() throws TemplateException {
    assertEquals("[1, 2]", render("{{ [1, 2,] }}"));
    assertEquals("[1, 2] [1]", render("{{ (1, 2,) }} {{ (1,) }}"));
    assertEquals("a-b", render("{{ '{}-{}'.format('a', 'b',) }}"));
    assertEquals("x", render("{% macro m(a, b) %}{{ a }}{% endmacro %}{{ m('x', 'y',) }}"));
    assertEquals("a,b,", render("{% for p in ['a', 'b',] %}{{ p }},{% endfor %}"));
  }

  @Test
  void aLoneCommaIsStillASyntaxError() {
    assertThrows(TemplateException.class, () -> render("{{ [,] }}"));
    assertThrows(TemplateException.class, () -> render("{{ [1,,] }}"));
  }
}
