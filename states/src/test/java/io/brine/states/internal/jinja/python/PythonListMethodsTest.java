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
 * Python's list methods, as formulas call them under {@code {% do %}}, each with what Salt's Jinja renders (checked
 * against Jinja2 3.1 on Python 3). postgres-formula's pg_hba.conf failed on {@code {% do acl.insert(3, '') %}}.
 */
class PythonListMethodsTest {
    /** template, then what Salt renders; "error: " then a part of the message when Salt's Jinja fails too. */
    private static final String[][] TABLE = {
        {"{% set l = [1] %}{% do l.append(2) %}{% do l.append([3]) %}{{ l }}", "[1, 2, [3]]"},
        {"{% set l = [1] %}{% do l.extend([2, 3]) %}{% do l.extend((4,)) %}{% do l.extend('ab') %}"
                + "{% do l.extend({'k': 1}) %}{{ l }}", "[1, 2, 3, 4, 'a', 'b', 'k']"},
        // insert counts a negative index from the end and clamps one out of range, as Python does
        {"{% set l = [1, 2, 3] %}{% do l.insert(1, 'x') %}{% do l.insert(-1, 'y') %}{% do l.insert(99, 'z') %}"
                + "{% do l.insert(-99, 'w') %}{{ l }}", "['w', 1, 'x', 2, 'y', 3, 'z']"},
        {"{% set l = ['local', 'all', 'all'] %}{% do l.insert(3, '') %}{% do l.insert(0, 'h') %}{{ l }}",
            "['h', 'local', 'all', 'all', '']"},
        {"{% set l = [1, 2, 3, 4] %}{{ l.pop() }} {{ l.pop(0) }} {{ l.pop(-1) }} {{ l }}", "4 1 3 [2]"},
        {"{% set l = [1, 2, 1] %}{% do l.remove(1) %}{% do l.remove(1.0) %}{{ l }}", "[2]"},
        {"{% set l = ['a', 'b', 'a'] %}{{ l.index('b') }} {{ l.index('a', 1) }} {{ l.index('a', -1) }} "
                + "{{ l.count('a') }} {{ l.count('z') }}", "1 2 2 2 0"},
        {"{% set l = [1, true, 1.0, 'x'] %}{{ l.count(1) }} {{ [none, false, 0].index(0) }} "
                + "{{ [none, false].index(none) }}", "3 1 0"},
        {"{% set l = [1, 2, 3] %}{% do l.reverse() %}{{ l }}", "[3, 2, 1]"},
        {"{% set l = [3, 1, 2.5, true] %}{% do l.sort() %}{{ l }} {% do l.sort(reverse=true) %}{{ l }}",
            "[1, True, 2.5, 3] [3, 2.5, 1, True]"},
        {"{% set l = ['b', 'A', 'c', 'B'] %}{% do l.sort(key=none) %}{{ l }}", "['A', 'B', 'b', 'c']"},
        {"{% set l = [[2, 'a'], [1, 'b'], [1, 'a']] %}{% do l.sort() %}{{ l }}", "[[1, 'a'], [1, 'b'], [2, 'a']]"},
        {"{% set l = [1, 2] %}{% set c = l.copy() %}{% do c.append(3) %}{{ l }} {{ c }}", "[1, 2] [1, 2, 3]"},
        {"{% set l = [1, 2] %}{% do l.clear() %}{{ l }}", "[]"},
        {"{% set l = [1] %}{{ l.append(2) }} {{ l.extend([3]) }} {{ l.insert(0, 0) }} {{ l.reverse() }} "
                + "{{ l.sort() }} {{ l.clear() }}", "None None None None None None"},
        {"{% set t = (1, 2, 1) %}{{ t.index(2) }} {{ t.count(1) }}", "1 2"},
        {"{% do pillar.pkgs.insert(0, 'z') %}{% do pillar.pkgs.sort() %}{{ pillar.pkgs }} {{ pillar.pkgs.index('b') }}",
            "['a', 'b', 'z'] 1"},
        {"{% for acl in [['local', 'all', 'postgres'], ['host', 'db', 'u', '::1/128']] %}"
                + "{% if acl | length == 3 %}{% do acl.extend(['', 'md5']) %}{% else %}{% do acl.append('md5') %}"
                + "{% endif %}{{ acl }};{% endfor %}",
            "['local', 'all', 'postgres', '', 'md5'];['host', 'db', 'u', '::1/128', 'md5'];"},
        {"{% set l = [1, 2] %}{% do l.remove(5) %}", "error: list.remove(x): x not in list, x = 5"},
        {"{% set l = ['a'] %}{{ l.index('z') }}", "error: 'z' is not in list"},
        {"{% set l = [] %}{{ l.pop() }}", "error: pop from empty list"},
        {"{% set l = [1] %}{{ l.pop(5) }}", "error: pop index out of range"},
        {"{% set l = [1, 'a'] %}{% do l.sort() %}", "error: '<' not supported between instances of 'str' and 'int'"},
        {"{% set t = (1, 2) %}{% do t.append(3) %}", "error: 'tuple object' has no attribute 'append'"},
        {"{% set l = [1] %}{% do l.insert(0) %}", "error: insert() is missing an argument"},
        {"{% set l = [1] %}{% do l.extend(5) %}", "error: 'int' object is not iterable"},
        {"{% set l = [1] %}{% do l.sort(key='x') %}", "error: list.sort(key=...) is not supported"},
    };

    @TempDir
    Path dir;

    @Test
    void listsHavePythonsMethods() {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("pkgs", List.of("a", "b")), false, FunctionCaller.NONE);
        assertEquals(List.of(), JinjaTable.mismatches(t, TABLE));
    }
}
