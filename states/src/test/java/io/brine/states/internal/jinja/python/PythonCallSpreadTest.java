package io.brine.states.internal.jinja.python;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.functions.FunctionCaller;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python's {@code f(*items)} and {@code f(**mapping)} at calls of methods, macros, global functions, {@code salt[...]}
 * and filters, each with what Salt's Jinja renders (checked against Jinja2 3.1 on Python 3). postgres-formula's
 * pg_hba.conf failed to parse at the {@code *} of {@code '{0:<7} {1:<15}'.format(*acl)}.
 */
class PythonCallSpreadTest {
    /** template, then what Salt renders; "error: " then a part of the message when Salt's Jinja fails too. */
    private static final String[][] TABLE = {
        {"{{ '{0:<7} {1:<15}|'.format(*['local', 'all']) }}", "local   all            |"},
        {"{{ '{}{}'.format(*('a', 'b')) }} {{ '{}{}'.format(*'xy') }} {{ '{}{}'.format(*{'k': 1, 'v': 2}) }}",
            "ab xy kv"},
        {"{{ '{0}-{1}-{x}-{y}'.format('a', *['b'], x=1, **{'y': 2}) }}", "a-b-1-2"},
        {"{{ '{0}-{1}-{x}-{y}'.format(*['a', 'b'], x=1, **{'y': 2}) }}", "a-b-1-2"},
        {"{{ '{}-{}'.format(*pillar.pkgs) }} {{ 'x'.format(*[]) }}|", "a-b x|"},
        {"{% set args = ['x', 'y'] %}{% macro m(a, b, c='C') %}{{ a }}{{ b }}{{ c }}{% endmacro %}"
                + "{{ m(*args) }} {{ m('x', *['y'], **{'c': 'z'}) }} {{ m(*['x'], b='q') }}", "xyC xyz xqC"},
        {"{{ range(*[1, 4]) | list }} {{ range(0, *[6, 2]) | list }}", "[1, 2, 3] [0, 2, 4]"},
        {"{{ [1, 2, 3] | join(*['-']) }} {{ [3, 1, 2] | sort(*[true]) }}", "1-2-3 [3, 2, 1]"},
        {"{{ salt['pillar.get'](*['app:port']) }} {{ salt['pillar.get'](*['app:user'], **{'default': 'x'}) }}",
            "8080 x"},
        {"{{ '{}'.format(*5) }}", "error: Value after * must be an iterable, not int"},
        {"{{ '{}'.format(*none) }}", "error: Value after * must be an iterable, not NoneType"},
        // Jinja's parser takes positional arguments, *items, keyword arguments, **mapping, in that order
        {"{{ '{}'.format(*['a'], 'b') }}", "error: invalid syntax for function call expression"},
        {"{{ '{x}'.format(**{'x': 1}, x=2) }}", "error: invalid syntax for function call expression"},
        {"{{ '{}'.format(*['a'], *['b']) }}", "error: invalid syntax for function call expression"},
        {"{{ [*pillar.pkgs] }}", "error: only into a call"},
    };

    @TempDir
    Path dir;

    @Test
    void callsSpreadItemsAndMappingsAsJinjaDoes() {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("pkgs", List.of("a", "b"), "app", Map.of("port", 8080)), false, FunctionCaller.NONE);
        assertEquals(List.of(), JinjaTable.mismatches(t, TABLE));
    }
}
