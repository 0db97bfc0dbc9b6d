package io.brine.modules.mysql;

import io.brine.functions.Arguments;
import io.brine.functions.Effect;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Salt's {@code mysql_query.run} and {@code mysql_query.run_file}, with Salt's checks, comments and changes. */
final class QueryRun extends MysqlState {
    private final boolean fromFile;

    QueryRun(MysqlClient client, boolean fromFile) {
        super(fromFile ? "run_file" : "run", client);
        this.fromFile = fromFile;
    }

    @Override
    public String doc() {
        return fromFile ? "Runs the SQL statements of a file in a database, the result in the comment or a file."
                : "Runs a query in a database, its result in the comment or written to a file (output).";
    }

    @Override
    List<Param> own() {
        return List.of(Param.required("database", Type.STRING, "the database to run it in"),
                fromFile ? Param.required("query_file", Type.STRING, "brine://, salt:// or a local path")
                        : Param.required("query", Type.STRING, "the SQL"),
                Param.optional("output", Type.STRING, null, "a file to write the result to"),
                Param.optional("grain", Type.STRING, null, "refused: a state does not write grains here"),
                Param.optional("key", Type.STRING, null, "refused with grain"),
                Param.optional("overwrite", Type.BOOLEAN, true, "false: do not run when the output file exists"),
                Param.optional("check_db_exists", Type.BOOLEAN, true, "do nothing while the database is missing"),
                Param.optional("client_flags", Type.ANY, null, "accepted for Salt; the client needs none"));
    }

    @Override
    public List<Effect> effects(Arguments args) {
        return List.of(new Effect.CallsFunction("mysql.query"));
    }

    @Override
    StateResult apply(Arguments args, StateContext ctx, MysqlSession session)
            throws FunctionException, IOException, InterruptedException {
        String database = args.string("database");
        String output = args.string("output");
        if ("grain".equals(output) || args.has("grain") || args.has("key")) {
            return StateResult.failed("Error: output to a grain is not supported; give output a file path");
        }
        Object flags = args.get("client_flags");
        if (flags != null && !(flags instanceof List)) {
            return StateResult.failed("Error: client_flags must be a list.");
        }
        Optional<Path> file = Optional.empty();
        if (fromFile) {
            file = Sources.resolve(args.string("query_file"), ctx.files());
            if (file.isEmpty()) {
                return StateResult.failed("File " + args.string("query_file") + " does not exist");
            }
        }
        if (args.bool("check_db_exists") && !new MysqlDatabases(session).exists(database)) {
            return new StateResult(null, Map.of(), "Database " + (fromFile ? database : args.name())
                    + " is not present");
        }
        if (output != null && !args.bool("overwrite") && Files.isRegularFile(Path.of(output))) {
            return StateResult.ok("No execution needed. File " + output + " already set");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(), output != null ? "Query would execute, storing result in file: "
                    + output : "Query would execute, not storing result");
        }
        Map<String, Object> result = fromFile ? QueryFile.run(session, database, Files.readString(file.get()))
                : MysqlQuery.run(session, database, args.string("query"));
        Map<String, Object> shown = fromFile ? result : mapped(result);
        if (output == null) {
            return StateResult.changed(Map.of("query", "Executed"), PythonRepr.of(shown));
        }
        Files.writeString(Path.of(output), fileText(shown), StandardCharsets.UTF_8);
        return StateResult.changed(Map.of("query", "Executed. Output into " + output), PythonRepr.of(shown));
    }

    /** Salt's rows as mappings of column to value, and the columns as a tuple. */
    private static Map<String, Object> mapped(Map<String, Object> result) {
        Map<String, Object> out = new LinkedHashMap<>(result);
        if (result.containsKey("results")) {
            List<?> columns = (List<?>) result.get("columns");
            List<Map<String, Object>> rows = new java.util.ArrayList<>();
            for (Object row : (List<?>) result.get("results")) {
                Map<String, Object> line = new LinkedHashMap<>();
                for (int i = 0; i < columns.size(); i++) {
                    line.put(String.valueOf(columns.get(i)), ((List<?>) row).get(i));
                }
                rows.add(line);
            }
            out.put("columns", new PythonRepr.Tuple(columns));
            out.put("results", rows);
        }
        return out;
    }

    /** Salt's output file: {@code column:value} per value of each row, else {@code key:value} per entry. */
    @SuppressWarnings("unchecked")
    private static String fileText(Map<String, Object> result) {
        StringBuilder out = new StringBuilder();
        if (result.get("results") instanceof List<?> rows && !rows.isEmpty() && rows.get(0) instanceof Map) {
            for (Object row : rows) {
                ((Map<String, Object>) row).forEach((col, val) -> out.append(col).append(':')
                        .append(val == null ? "None" : val).append('\n'));
            }
            return out.toString();
        }
        if (result.containsKey("results")) {
            return out.toString();
        }
        result.forEach((key, val) -> out.append(key).append(':')
                .append(val instanceof String s ? s : PythonRepr.of(val)).append('\n'));
        return out.toString();
    }
}
