package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.AdvancedFilter;
import com.hubspot.jinjava.objects.collections.PyList;
import io.brine.states.internal.jinja.python.PythonText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Jinja's {@code dictsort(case_sensitive=False, by='key', reverse=False)}: the dict's (key, value) pairs, sorted.
 * Each pair is a tuple, so {@code item[0]} and {@code for k, v in d | dictsort} both
 * work; Jinjava's own filter yields map entries, which cannot be indexed.
 */
final class DictSortFilter implements AdvancedFilter {
    @Override
    public String getName() {
        return "dictsort";
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
        if (!(var instanceof Map<?, ?> map)) {
            return var == null ? new PyList(new ArrayList<>()) : var;
        }
        Args a = new Args("dictsort", args, kwargs);
        boolean caseSensitive = a.flag(0, "case_sensitive", false);
        String by = a.text(1, "by", "key");
        if (!by.equals("key") && !by.equals("value")) {
            throw new IllegalArgumentException("dictsort: by must be 'key' or 'value', got '" + by + "'");
        }
        int part = by.equals("key") ? 0 : 1;
        List<List<Object>> pairs = new ArrayList<>();
        // a tuple, as Jinjava builds one for a literal: a PyList over an unmodifiable list
        map.forEach((k, v) -> pairs.add(new PyList(java.util.Collections.unmodifiableList(java.util.Arrays.asList(k, v)))));
        Comparator<List<Object>> order = (x, y) -> compare(x.get(part), y.get(part), caseSensitive);
        pairs.sort(a.flag(2, "reverse", false) ? order.reversed() : order);
        return new PyList(new ArrayList<>(pairs));
    }

    private static int compare(Object x, Object y, boolean caseSensitive) {
        if (x instanceof Number m && y instanceof Number n) {
            return Double.compare(m.doubleValue(), n.doubleValue());
        }
        String s = PythonText.str(x);
        String t = PythonText.str(y);
        return caseSensitive ? s.compareTo(t) : s.toLowerCase(Locale.ROOT).compareTo(t.toLowerCase(Locale.ROOT));
    }
}
