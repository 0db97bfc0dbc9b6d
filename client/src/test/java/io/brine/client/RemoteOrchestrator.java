package io.brine.client;

import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.RunningJob;
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

    /** A subscriber that asks for one return at a time. */
    private static final class OneAtATime implements java.util.concurrent.Flow.Subscriber<JobReturn> {
        final List<String> ids = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch done = new CountDownLatch(1);
        private java.util.concurrent.Flow.Subscription subscription;

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(JobReturn r) {
            ids.add(r.minionId());
            subscription.request(1);
        }

        @Override
        public void onError(Throwable t) {
            System.out.println("flow failed " + t);
        }

        @Override
        public void onComplete() {
            done.countDown();
        }
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
            List<java.util.concurrent.CompletableFuture<Job>> many = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                many.add(brine.callAsync(JobSpec.of("r1", "test.echo", "n" + i).withTimeout(Duration.ofSeconds(30))));
            }
            int right = 0;
            for (int i = 0; i < many.size(); i++) {
                Job j = many.get(i).get(60, TimeUnit.SECONDS);
                right += ("n" + i).equals(j.returns().get("r1").ret()) ? 1 : 0;
            }
            System.out.println("async " + right + "/50");
            OneAtATime slow = new OneAtATime();
            brine.stream(JobSpec.of("*", "test.echo", "flow").withTimeout(Duration.ofSeconds(20))).subscribe(slow);
            System.out.println("flow " + slow.done.await(30, TimeUnit.SECONDS) + " " + new java.util.TreeSet<>(slow.ids));
            RunningJob running = brine.submit(JobSpec.of("r2", "cmd.run", "sleep 61.91")
                    .withTimeout(Duration.ofSeconds(120)));
            boolean killed = running.kill();
            Job ended = running.result().get(60, TimeUnit.SECONDS);
            System.out.println("submit " + running.jid().matches("\\d{20}") + " killed " + killed + " ended "
                    + ended.jid().equals(running.jid()));
            Job copied = brine.copy("r1", io.brine.targeting.TargetType.LIST,
                    List.of(Path.of(System.getProperty("copy.source"))), System.getProperty("copy.dest"),
                    Duration.ofSeconds(30));
            System.out.println("copy " + copied.returns().get("r1").success()
                    + (copied.returns().get("r1").success() ? "" : " " + copied.returns().get("r1").ret()));
            String jid = brine.cast(JobSpec.of("r1", "cmd.run", "sleep 61.37").withTimeout(Duration.ofSeconds(120)));
            System.out.println("cast " + jid + " listed " + brine.jobs(new JobFilter(10, null, null, null, 0))
                    .stream().anyMatch(j -> j.jid().equals(jid)));
            System.out.println("kill " + brine.kill(jid) + " again " + brine.kill("20000101000000000000"));
            System.out.println("lookup " + brine.job(jid).map(Job::jid).orElse("none") + " unknown "
                    + brine.job("20000101000000000000").isPresent());
            io.brine.jobs.Publication published = brine.publish(JobSpec.of("r*", "test.ping"));
            System.out.println("publish " + published.jid().matches("\\d{20}") + " "
                    + new java.util.TreeSet<>(published.minions()) + " " + published.undetermined());
            String minions;
            try {
                minions = brine.minions().stream().map(m -> m.id() + "=" + m.up()).sorted().toList().toString()
                        + " keys " + brine.keys("list", List.of()).get("accepted");
            } catch (ClientException e) {
                minions = "refused " + e.setup();
            }
            System.out.println("minions " + minions);
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
