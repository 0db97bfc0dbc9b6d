/**
 * How a job's outcome is printed, one implementation for every front end (the CLI, the HTTP API, the minion
 * package's local calls), all of them from the one {@link io.brine.jobs.Job}: {@link io.brine.output.JobOutput}
 * (Salt's nested text, the JSON and YAML job document), {@link io.brine.output.StateOutput} (Salt's highstate
 * text), {@link io.brine.output.JobDocument} (the document's shape).
 */
module io.brine.output {
    requires transitive io.brine.jobs;
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports io.brine.output;
}
