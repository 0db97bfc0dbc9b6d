package io.brine.modules.mysql;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One result set of the client's XML output ({@code --xml}): its column names and rows, each value text or null
 * for SQL NULL. XML rather than tab-separated output because it keeps values with tabs and newlines whole, tells
 * NULL from the text {@code NULL} and separates the result sets of several statements. The client writes a fixed
 * shape, escaping {@code < > & "} in values, so a value can never contain the markup this reads.
 *
 * <pre>
 * &lt;resultset statement="SELECT 1 AS a" xmlns:xsi="..."&gt;
 *   &lt;row&gt;
 *     &lt;field name="a"&gt;1&lt;/field&gt;
 *     &lt;field name="b" xsi:nil="true" /&gt;
 *   &lt;/row&gt;
 * &lt;/resultset&gt;
 * </pre>
 *
 * @param columns the column names, empty for a result without rows (the client names columns only in rows)
 */
record ResultSet(List<String> columns, List<List<String>> rows) {
    private static final Pattern RESULT = Pattern.compile("<resultset statement=\"[^\"]*\"[^>]*?(?:/>|>(.*?)"
            + "</resultset>)", Pattern.DOTALL);
    private static final Pattern ROW = Pattern.compile("<row>(.*?)</row>", Pattern.DOTALL);
    private static final Pattern FIELD = Pattern.compile("<field name=\"([^\"]*)\"(?: xsi:nil=\"true\" />|>([^<]*)"
            + "</field>)");
    private static final Pattern ENTITY = Pattern.compile("&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#[0-9]+);");

    ResultSet {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** Every result set of the output, in order. */
    static List<ResultSet> parseAll(String xml) {
        List<ResultSet> out = new ArrayList<>();
        Matcher result = RESULT.matcher(xml);
        while (result.find()) {
            out.add(parse(result.group(1) == null ? "" : result.group(1)));
        }
        return out;
    }

    private static ResultSet parse(String body) {
        List<String> columns = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        Matcher row = ROW.matcher(body);
        while (row.find()) {
            List<String> values = new ArrayList<>();
            Matcher field = FIELD.matcher(row.group(1));
            while (field.find()) {
                if (rows.isEmpty()) {
                    columns.add(unescape(field.group(1)));
                }
                values.add(field.group(2) == null ? null : unescape(field.group(2)));
            }
            rows.add(Collections.unmodifiableList(values)); // values may be null
        }
        return new ResultSet(columns, rows);
    }

    static String unescape(String text) {
        if (text.indexOf('&') < 0) {
            return text;
        }
        Matcher m = ENTITY.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String e = m.group(1);
            String replacement = switch (e) {
                case "lt" -> "<";
                case "gt" -> ">";
                case "amp" -> "&";
                case "quot" -> "\"";
                case "apos" -> "'";
                default -> Character.toString(e.startsWith("#x") ? Integer.parseInt(e.substring(2), 16)
                        : Integer.parseInt(e.substring(1)));
            };
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The first column of every row. */
    List<String> firstColumn() {
        return rows.stream().map(r -> r.isEmpty() ? null : r.get(0)).toList();
    }

    /** The first row's first value, or null when there is none. */
    String single() {
        return rows.isEmpty() || rows.get(0).isEmpty() ? null : rows.get(0).get(0);
    }
}
