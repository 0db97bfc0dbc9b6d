package io.brine.jobs.internal;

import io.brine.jobs.Batch;
import io.brine.jobs.JobSpec;
import io.brine.protocol.PublishRequest;
import io.brine.targeting.TargetType;
import java.time.Duration;

/**
 * The one translation between a {@link JobSpec} and the wire's {@link PublishRequest}, for the clients (writing)
 * and the master (reading): the target type travels as its {@link TargetType#code()}, the batch as its count or
 * percentage, the durations in milliseconds, so nothing is parsed from text twice. Reading checks once, on
 * arrival, through {@link TargetType#ofCode} and {@link Batch}, so a request from the wire is validated exactly as
 * one from the library.
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
        return new PublishRequest(requestId, spec.target(), spec.targetType().code(), spec.function(), spec.args(),
                spec.kwargs(), spec.timeout().toMillis(), async, batch == null ? 0 : batch.count(),
                batch == null ? 0 : batch.percent(), batch == null ? 0 : batch.pause().toMillis(),
                spec.queue() == null ? 0 : spec.queue().toMillis(),
                io.brine.jobs.SshOptions.code(spec.ssh()));
    }

    /**
     * The job a request asks for.
     *
     * @throws IllegalArgumentException for an unknown target type code or a batch that is both a count and a
     *                                  percentage, with its message
     */
    public static JobSpec fromWire(PublishRequest p) {
        Batch batch = p.batchCount() == 0 && p.batchPercent() == 0 ? null
                : new Batch(p.batchCount(), p.batchPercent(), Duration.ofMillis(p.batchWaitMillis()));
        return new JobSpec(p.target(), TargetType.ofCode(p.targetType()), p.function(), p.args(), p.kwargs(),
                Duration.ofMillis(p.timeoutMillis()), p.queueMillis() > 0 ? Duration.ofMillis(p.queueMillis()) : null,
                batch, io.brine.jobs.SshOptions.ofCode(p.ssh()));
    }
}
