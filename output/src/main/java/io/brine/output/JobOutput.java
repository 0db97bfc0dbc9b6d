package io.brine.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.brine.jobs.Job;
import io.brine.jobs.MinionResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Prints a job's outcome. JSON and YAML have the documented shape
 * {@code {"jid": ..., "returns": {ID: {"ret", "retcode", "success"}}, "missing": [ID...]}}, which scripts
 * depend on (a call that could not learn how its job ended adds {@code "complete": false} and {@code "reason"});
 * text reads per minion, like Salt's. The CLI prints jobs through it, so do the HTTP API (the document) and the
 * minion package's {@code brine call --local}, all from the one {@link Job}, so all print alike.
 *
 * <pre>{@code
 * System.out.print(JobOutput.render(job, "yaml"));
 * System.exit(JobOutput.exitCode(job));
 * }</pre>
 */
public final class JobOutput {
    private JobOutput() {
    }

    /**
     * Each built on first use, so that a command printing text (the usual {@code brine run}) never starts
     * jackson-databind: three mappers and their caches were a tenth of its start-up. Plain values, which every
     * job document is, are written as JSON without a mapper at all ({@link PlainJson}).
     */
    private static final class Plain {
        static final JsonFactory FACTORY = new JsonFactory();
    }

    private static final class JsonMappers {
        static final ObjectMapper INDENTED = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        static final ObjectMapper COMPACT = new ObjectMapper();
    }

    private static final class YamlMapper {
        // Unquoted where YAML allows, but a string of digits (a jid) quoted, as Salt's YAML prints it: bare, a YAML
        // reader takes it for a number, and JSON and YAML would disagree on the type of the same field.
        static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));
    }

    /** The job as the JSON-ready document. */
    public static Map<String, Object> document(Job job) {
        return JobDocument.of(job);
    }

    /**
     * The document of a call that ended before the master named its job: {@code "jid": null}, nothing returned and
     * nothing known missing; the caller adds why.
     */
    public static Map<String, Object> unnamed() {
        return JobDocument.document(null, new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    /** One minion's entry under {@code returns}. */
    public static Map<String, Object> minion(MinionResult r) {
        return JobDocument.minion(r);
    }

    /** The job in {@code format}: json, yaml or text. */
    public static String render(Job job, String format) {
        return switch (format) {
            case "json" -> json(document(job));
            case "yaml" -> yaml(document(job));
            default -> text(job);
        };
    }

    /**
     * A job that has ended, whole, in {@code format}: text (through {@code text}, Salt's nested or highstate
     * outputter), json, yaml, or jsonl (a line per minion's return, then the summary line, as a streamed job
     * prints).
     */
    public static String renderFinished(Job job, String format, Function<Job, String> text) {
        return switch (format) {
            case "text" -> text.apply(job);
            case "jsonl" -> {
                StringBuilder out = new StringBuilder();
                new TreeMap<>(job.returns()).forEach((id, r) -> {
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("jid", job.jid());
                    line.put("id", id);
                    line.putAll(minion(r));
                    out.append(compactJson(line)).append('\n');
                });
                Map<String, Object> summary = document(job);
                summary.remove("returns");
                summary.put("returned", job.returns().size());
                summary.put("expected", job.expected().size());
                yield out.append(compactJson(summary)).append('\n').toString();
            }
            default -> render(job, format);
        };
    }

    /** Salt's nested text, per minion. */
    public static String text(Job job) {
        StringBuilder out = new StringBuilder();
        new TreeMap<>(job.returns()).forEach((id, r) -> {
            out.append(id).append(":\n");
            if (!r.success() && r.ret() instanceof String message) {
                out.append("    ERROR: ").append(message).append('\n');
            } else {
                out.append(NestedText.render(r.ret(), 1));
            }
        });
        appendMissing(out, job);
        return out.toString();
    }

    /** Salt's "Minion did not return" lines, saying which of the outcomes applies. */
    public static void appendMissing(StringBuilder out, Job job) {
        job.missing().forEach((id, outcome) -> out.append(id).append(":\n    Minion did not return. [")
                .append(switch (outcome) {
                    case RUNNING -> "Still running";
                    case NOT_CONNECTED -> "Not connected";
                    case UNKNOWN -> "No such minion: no accepted key has this id";
                    case QUEUED -> "Queued: it gets the job when it connects";
                    case EXPIRED -> "Expired: it did not connect before the queue time passed";
                    case DISCONNECTED -> "Disconnected while it had the job; a return it still sends is kept";
                    case KILLED -> "Killed: the job was killed while it waited for it to connect";
                    default -> "No response";
                }).append("]\n"));
    }

    /** One line of JSON. */
    public static String compactJson(Object value) {
        if (PlainJson.writes(value)) {
            return PlainJson.write(Plain.FACTORY, value, false);
        }
        try {
            return JsonMappers.COMPACT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Indented JSON with a final newline. */
    public static String json(Object value) {
        if (PlainJson.writes(value)) {
            return PlainJson.write(Plain.FACTORY, value, true) + "\n";
        }
        try {
            return JsonMappers.INDENTED.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Block YAML. */
    public static String yaml(Object value) {
        try {
            return YamlMapper.YAML.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Exit status for a finished job: 0 only if every expected minion returned successfully, else 1. */
    public static int exitCode(Job job) {
        return job.succeeded() ? 0 : 1;
    }
}
