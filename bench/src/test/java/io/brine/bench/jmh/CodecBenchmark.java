package io.brine.bench.jmh;

import io.brine.functions.Declarations;
import io.brine.functions.FunctionRegistry;
import io.brine.protocol.GrainsReport;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.MinionReturn;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The wire codec on the two messages every job carries (the request out, the return back), and on the grains
 * report every minion sends on each connection: about 10 KB, most of it the declarations of every installed function,
 * and read on the master's I/O thread (a restart storm reads one per minion).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {
    private JobRequest request;
    private JobReturn ret;
    private byte[] requestBytes;
    private byte[] returnBytes;
    private GrainsReport report;
    private byte[] reportBytes;

    @Setup
    public void setUp() {
        request = new JobRequest("20261122114930123456", "cmd.run", List.of("uptime"),
                Map.of("cwd", "/tmp", "timeout", 30L), 30_000, "local");
        ret = new JobReturn("20261122114930123456", MinionReturn.ok(
                Map.of("stdout", " 11:49:30 up 1:37,  0 users,  load average: 0.52, 0.58, 0.59", "retcode", 0L),
                1_763_812_170_000L, 1_763_812_170_004L));
        requestBytes = MessageCodec.encode(request);
        returnBytes = MessageCodec.encode(ret);
        report = new GrainsReport(Map.of("id", "web1", "os_family", "Debian", "num_cpus", 2L),
                Declarations.of(FunctionRegistry.installed()));
        reportBytes = MessageCodec.encode(report);
    }

    @Benchmark
    public byte[] encodeGrainsReport() {
        return MessageCodec.encode(report);
    }

    @Benchmark
    public Message decodeGrainsReport() throws MalformedMessageException {
        return MessageCodec.decode(reportBytes);
    }

    @Benchmark
    public byte[] encodeJobRequest() {
        return MessageCodec.encode(request);
    }

    @Benchmark
    public Message decodeJobRequest() throws MalformedMessageException {
        return MessageCodec.decode(requestBytes);
    }

    @Benchmark
    public byte[] encodeJobReturn() {
        return MessageCodec.encode(ret);
    }

    @Benchmark
    public Message decodeJobReturn() throws MalformedMessageException {
        return MessageCodec.decode(returnBytes);
    }
}
