package io.brine.cli;

import io.brine.output.JobOutput;

/** The {@code --out} formats every command shares. */
final class OutputFormat {
    private OutputFormat() {
    }

    static void check(String format) {
        if (!format.equals("text") && !format.equals("json") && !format.equals("yaml")) {
            throw CliException.usage("unknown --out '" + format + "'; use text, json or yaml");
        }
    }

    /** JSON or YAML of a plain value; text callers format for themselves. */
    static String render(Object value, String format) {
        return format.equals("yaml") ? JobOutput.yaml(value) : JobOutput.json(value);
    }
}
