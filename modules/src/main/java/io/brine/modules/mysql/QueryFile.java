package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Salt's {@code mysql.file_query}: a file's statements, each ended by a line with a semicolon, run one by one, their
 * results added up ({@code rows returned}, {@code rows affected}, the {@code columns} and {@code results} of each
 * statement, {@code query time}), entries that stay empty left out. Lines are joined with newlines, so a comment
 * ends with its line.
 */
final class QueryFile {
    private static final Pattern STATEMENT_END = Pattern.compile("[^-;]+;");

    private QueryFile() {
    }

    static Map<String, Object> run(MysqlSession session, String database, String contents)
            throws FunctionException, IOException, InterruptedException {
        long returned = 0;
        long affected = 0;
        double raw = 0;
        List<Object> columns = new ArrayList<>();
        List<Object> results = new ArrayList<>();
        StringBuilder statement = new StringBuilder();
        for (String line : contents.split("\n", -1)) {
            statement.append(line).append('\n');
            if (!STATEMENT_END.matcher(line).find()) {
                continue;
            }
            Map<String, Object> one = MysqlQuery.run(session, database, statement.toString());
            statement.setLength(0);
            raw += Double.parseDouble((String) ((Map<?, ?>) one.get("query time")).get("raw"));
            returned += (Long) one.getOrDefault("rows returned", 0L);
            affected += (Long) one.getOrDefault("rows affected", 0L);
            if (one.containsKey("columns")) {
                columns.add(new PythonRepr.Tuple((List<?>) one.get("columns")));
                results.add(one.get("results"));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        if (returned > 0) {
            out.put("rows returned", returned);
        }
        if (!columns.isEmpty()) {
            out.put("columns", columns);
            out.put("results", results);
        }
        if (affected > 0) {
            out.put("rows affected", affected);
        }
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("raw", Double.parseDouble(MysqlQuery.pyFloat(raw, 5)));
        time.put("human", MysqlQuery.pyFloat(raw, 2) + "s");
        out.put("query time", time);
        return out;
    }
}
