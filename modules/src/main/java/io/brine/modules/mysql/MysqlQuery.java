package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Salt's {@code mysql.query}: arbitrary SQL, run in a database, answered as Salt answers it. A query starting with
 * SELECT, SHOW or DESC returns {@code query time}, {@code rows returned}, {@code columns} and {@code results}
 * (every value as text, NULL as null); any other returns {@code query time} and {@code rows affected}, which the
 * server's {@code ROW_COUNT()} reports after it. Columns of a result without rows are not known (the client names
 * them only in rows) and come back empty.
 */
final class MysqlQuery {
    private static final List<String> SELECTS = List.of("SELECT", "SHOW", "DESC");

    private MysqlQuery() {
    }

    static Map<String, Object> run(MysqlSession session, String database, String query)
            throws FunctionException, IOException, InterruptedException {
        boolean select = isSelect(query);
        StringBuilder sql = new StringBuilder();
        if (database != null && !database.isEmpty()) {
            sql.append("USE ").append(SqlText.identifier(database)).append(";\n");
        }
        sql.append(query);
        if (!select) {
            // on a line of its own, after whatever comment the query ends with
            sql.append("\n;\nSELECT ROW_COUNT()");
        }
        long start = System.nanoTime();
        List<ResultSet> results = session.run(sql.toString());
        double elapsed = (System.nanoTime() - start) / 1e9;
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("human", elapsed < 0.2 ? pyFloat(elapsed * 1000, 1) + "ms" : pyFloat(elapsed, 2) + "s");
        time.put("raw", pyFloat(elapsed, 5));
        out.put("query time", time);
        if (select) {
            ResultSet first = results.isEmpty() ? new ResultSet(List.of(), List.of()) : results.get(0);
            out.put("rows returned", (long) first.rows().size());
            out.put("columns", first.columns());
            out.put("results", new ArrayList<>(first.rows()));
        } else {
            String count = results.isEmpty() ? null : results.get(results.size() - 1).single();
            out.put("rows affected", count == null ? 0L : Math.max(0L, Long.parseLong(count)));
        }
        return out;
    }

    static boolean isSelect(String query) {
        String q = query.strip().toUpperCase(Locale.ROOT);
        return SELECTS.stream().anyMatch(q::startsWith);
    }

    /** Python's {@code str(round(x, digits))}: {@code 39.0}, {@code 0.00021}. */
    static String pyFloat(double x, int digits) {
        BigDecimal d = BigDecimal.valueOf(x).setScale(digits, RoundingMode.HALF_EVEN).stripTrailingZeros();
        String text = d.toPlainString();
        return text.contains(".") ? text : text + ".0";
    }
}
