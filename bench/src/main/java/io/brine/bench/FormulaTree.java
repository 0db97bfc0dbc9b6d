package io.brine.bench;

import io.brine.jobs.MinionResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A small formula in the shape Salt's community formulas have, for the footprint scenario's "after one state
 * apply": a {@code map.jinja} imported with context, a loop over its settings, files rendered from a Jinja
 * template ({@code template: jinja} with a {@code context}), requisites and a {@code cmd.run} with {@code creates}.
 * It is what makes a minion load the template engine, which an idle minion must not have loaded.
 */
final class FormulaTree {
    static final String SLS = "footprint";
    /** The directory, the two settings files and the command. */
    static final int STATES = 4;

    private FormulaTree() {
    }

    /** Writes the formula into {@code fileRoot/footprint}; its states create their paths under {@code out}. */
    static void write(Path fileRoot, Path out) throws IOException {
        Path dir = Files.createDirectories(fileRoot.resolve(SLS).resolve("files"));
        Files.writeString(dir.getParent().resolve("map.jinja"), """
                {%% set app = {'user': 'www', 'settings': {'port': 8080, 'workers': 4}} %%}
                {%% set root = '%s/' ~ grains['id'] %%}
                """.formatted(out));
        Files.writeString(dir.getParent().resolve("init.sls"), """
                {% from "footprint/map.jinja" import app, root with context %}
                {{ root }}:
                  file.directory:
                    - makedirs: True

                {% for name, value in app.settings | dictsort %}
                {{ root }}/{{ name }}.conf:
                  file.managed:
                    - source: brine://footprint/files/setting.conf.j2
                    - template: jinja
                    - context:
                        name: {{ name }}
                        value: {{ value }}
                    - require:
                      - file: {{ root }}
                {% endfor %}

                {{ root }}/stamp:
                  cmd.run:
                    - name: echo {{ app.user }} > {{ root }}/stamp
                    - creates: {{ root }}/stamp
                """);
        Files.writeString(dir.resolve("setting.conf.j2"), """
                # managed by brine for {{ grains['id'] }}
                {{ name }} = {{ value | upper }}
                """);
    }

    /** Why {@code ret} is not a successful first run of the formula; null if it is. */
    static String check(MinionResult ret) {
        if (ret == null) {
            return "the minion did not return";
        }
        if (!ret.success() || !(ret.ret() instanceof Map<?, ?> states) || states.size() != STATES) {
            return "expected " + STATES + " successful states (retcode " + ret.retcode() + "): " + ret.ret();
        }
        return null;
    }
}
