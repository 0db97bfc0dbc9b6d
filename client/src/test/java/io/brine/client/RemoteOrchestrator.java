package io.brine.client;

import io.brine.master.Job;
import io.brine.master.JobFilter;
import io.brine.master.JobSpec;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An orchestrator in a process of its own, as BrineClientTest runs it: connects (as the local operator with
 * {@code local MASTER_YAML}, or as a named operator with {@code named HOST PORT NAME.pem}), then call, stream, cast,
 * kill and events, printing one line per result for the test to read. Reads "go" on stdin before waiting for the
 * event, so the test publishes it only once the subscription is in place.
 */
public final class RemoteOrchestrator {
    private RemoteOrchestrator() {
    }

    public static void main(String[] args) throws Exception {
        try (BrineClient brine = args[0].equals("local") ? BrineClient.connect(Path.of(args[1]))
                : BrineClient.connect(args[1], Integer.parseInt(args[2]), Path.of(args[3]))) {
            Job ping = brine.call(JobSpec.of("*", "test.ping").withTimeout(Duration.ofSeconds(20)));
            System.out.println("call " + new java.util.TreeMap<>(ping.returns()).keySet() + " missing "
                    + ping.missing().keySet());
            List<String> streamed = Collections.synchronizedList(new ArrayList<>());
            Job echo = brine.stream(JobSpec.of("*", "test.echo", "hello").withTimeout(Duration.ofSeconds(20)),
                    (id, r) -> streamed.add(id + "=" + r.ret()));
            Collections.sort(streamed);
            System.out.println("stream " + streamed + " returns " + echo.returns().size());
            String jid = brine.cast(JobSpec.of("r1", "cmd.run", "sleep 61.37").withTimeout(Duration.ofSeconds(120)));
            System.out.println("cast " + jid + " listed " + brine.jobs(new JobFilter(10, null, null, null, 0))
                    .stream().anyMatch(j -> j.jid().equals(jid)));
            System.out.println("kill " + brine.kill(jid) + " again " + brine.kill("20000101000000000000"));
            System.out.println("lookup " + brine.job(jid).map(Job::jid).orElse("none") + " unknown "
                    + brine.job("20000101000000000000").isPresent());
            CountDownLatch heard = new CountDownLatch(1);
            List<String> events = Collections.synchronizedList(new ArrayList<>());
            try (var subscription = brine.subscribe("remote/test/*", e -> {
                events.add(e.tag() + " " + e.data());
                heard.countDown();
            })) {
                System.out.println("subscribed");
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
                System.out.println("event " + heard.await(20, TimeUnit.SECONDS) + " " + events);
            }
        }
    }
}
