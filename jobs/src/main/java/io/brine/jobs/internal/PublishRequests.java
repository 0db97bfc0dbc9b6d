package io.brine.jobs.internal;

import io.brine.jobs.Batch;
import io.brine.jobs.JobSpec;
import io.brine.protocol.PublishRequest;
import io.brine.targeting.TargetType;
import java.time.Duration;

/**
 * The one translation between a {@link JobSpec} and the wire's {@link PublishRequest}, for the CLI (writing)
 * and the master (reading): the target type travels as Salt's name, the batch as its text ("10", "25%"), the
 * durations in milliseconds. Both directions check through {@link JobSpec}, {@link TargetType} and {@link Batch},
 * so a request from the wire is validated exactly as one from the library.
 *
 * <pre>{@code
 * PublishRequest wire = PublishRequests.toWire(7, JobSpec.of("web*", "test.ping").withTimeout(t), false);
 * JobSpec back = PublishRequests.fromWire(wire);   // equal to the spec sent
 * }</pre>
 */
public final class PublishRequests {
    private PublishRequests() {
    }

    /**
     * The request asking for {@code spec}: a cast with {@code async}, else a call.
     *
     * @throws IllegalArgumentException if the spec has no timeout (the wire always carries one)
     */
    public static PublishRequest toWire(long requestId, JobSpec spec, boolean async) {
        if (spec.timeout() == null) {
            throw new IllegalArgumentException("a published job names its timeout");
        }
        Batch batch = spec.batch();
        return new PublishRequest(requestId, spec.target(), spec.targetType().wireName(), spec.function(),
                spec.args(), spec.kwargs(), spec.timeout().toMillis(), async, batch == null ? null : batch.text(),
                batch == null ? 0 : batch.pause().toMillis(), spec.queue() == null ? 0 : spec.queue().toMillis());
    }

    /**
     * The job a request asks for.
     *
     * @throws IllegalArgumentException for an unknown target type or a malformed batch, with its message
     */
    public static JobSpec fromWire(PublishRequest p) {
        Batch batch = p.batch() == null ? null
                : Batch.parse(p.batch()).withWait(Duration.ofMillis(p.batchWaitMillis()));
        return new JobSpec(p.target(), TargetType.parse(p.targetType()), p.function(), p.args(), p.kwargs(),
                Duration.ofMillis(p.timeoutMillis()), p.queueMillis() > 0 ? Duration.ofMillis(p.queueMillis()) : null,
                batch);
    }
}
