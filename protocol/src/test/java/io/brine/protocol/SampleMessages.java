package io.brine.protocol;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One or more valid instances of every message type, with argument and result values that exercise every kind
 * of value the wire carries. {@link #comparable()} holds no byte arrays, so decoded copies can be compared with
 * equals; {@link #withBinary()} adds byte arrays, which records compare by identity.
 */
final class SampleMessages {
    static final String JID = "20240229235959123456";
    static final String OTHER_JID = "19991231000000000001";
    static final BigInteger TWO_TO_THE_63 = BigInteger.ONE.shiftLeft(63);
    static final BigInteger MAX_UINT64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private SampleMessages() {
    }

    static List<Message> comparable() {
        return List.of(
                new Hello(Role.MINION, "web-01.example.com", BrineVersion.CURRENT),
                new Hello(Role.CLIENT, "ops@admin_1", "9.99.0-rc.1"),
                new Welcome(KeyStatus.ACCEPTED, ""),
                new Welcome(KeyStatus.DENIED, "key mismatch ☠ — ask an operator"),
                new Ping(0), new Ping(Long.MIN_VALUE), new Pong(Long.MAX_VALUE),
                new JobRequest(JID, "cmd.run", values(), keywords(), 30_000, "root"),
                new JobRequest(OTHER_JID, "test.ping", List.of(), Map.of(), 1, ""),
                new JobRequest(OTHER_JID, "test.ping", List.of(), Map.of(), 1, "", 600_000),
                new JobAck(JID),
                new JobReturn(JID, MinionReturn.ok(keywords(), 1_700_000_000_000L, 1_700_000_000_250L)),
                new JobReturn(JID, MinionReturn.failed(127, "sh: frobnicate: not found", -1, 0)),
                new JobReturn(OTHER_JID, new MinionReturn(true, Integer.MIN_VALUE, null, Long.MIN_VALUE,
                        Long.MAX_VALUE)),
                new PublishRequest(7, "web*", 0, "pkg.install", values(), keywords(), 5_000, true),
                new PublishRequest(-8, "a,b,c", 1, "test.ping", List.of(), Map.of(), Long.MAX_VALUE, false),
                new JobLookup(Long.MIN_VALUE, JID),
                new JobListRequest(1, JobListRequest.MAX_LIMIT), new JobListRequest(2, 1),
                new KeysChanged(42, List.of()), new KeysChanged(43, List.of("web1/accepted", "db_2/deleted")),
                new Refused(44, "'alice' may not run cmd.run on db1"),
                new KeyRequest(45, "accept", List.of("web1", "web2")), new KeyRequest(46, "list", List.of()),
                new KeyResult(47, Map.of("accepted", List.of("web1"), "missing", List.of())),
                new MinionStatusRequest(48),
                new MinionStatusReport(49, List.of(new MinionStatusReport.Minion("web1", true, 1_700_000_000_000L, "https"),
                        new MinionStatusReport.Minion("db_2@dc1", false, MinionStatusReport.NEVER, ""))),
                new MinionStatusReport(50, List.of()),
                new Published(3, JID, List.of("web-01", "db_2@dc1"), false),
                new Published(4, OTHER_JID, List.of(), true),
                new ReturnNotice(5, JID, "web-01", MinionReturn.ok(values(), 10, 20)),
                new JobReport(6, jobRecord()),
                new JobReport(7, new JobRecord(JID, "test.ping", List.of(), Map.of(), "web-01,ghost", "list", "root", 1,
                        1, List.of("web-01", "ghost"), List.of("ghost"), List.of(), Map.of(), List.of("ghost"))),
                new JobReport(8, new JobRecord(JID, "test.ping", List.of(), Map.of(), "vm-1", "list", "heat", 1, 1,
                        List.of("vm-1"), List.of("vm-1"), List.of(), Map.of(), List.of(), 1_700_000_600_000L)),
                new JobReport(10, new JobRecord(JID, "cmd.run", List.of(), Map.of(), "m1", "list", "ops", 1, 1,
                        List.of("m1"), List.of(), List.of("m1"), Map.of(), List.of(), 0, List.of("m1"))),
                new JobReport(13, new JobRecord(JID, "test.echo", List.of(), Map.of(), "away", "list", "ops", 1, 1,
                        List.of("away"), List.of("away"), List.of(), Map.of(), List.of(), 2, List.of(), List.of("away"))),
                new PublishRequest(9, "vm-*", 0, "test.ping", List.of(), Map.of(), 5_000, true, 0, 0, 0, 600_000),
                new CallReport(11, jobRecord(), List.of("web-03")),
                new CallReport(12, new JobRecord(JID, "test.ping", List.of(), Map.of(), "a", "list", "ops", 1, 1,
                        List.of("a"), List.of(), Map.of()), List.of()),
                new JobListing(7, List.of(
                        new JobSummary(JID, "cmd.run", "*", "glob", "root", 1_700_000_000_000L, 3, 2),
                        new JobSummary(OTHER_JID, "test.ping", "x", "list", "", 0, Integer.MAX_VALUE, 0))),
                new JobListing(8, List.of()),
                new Done(9),
                new Failure(10, "no such job 🤷"),
                new NotFound(10, "no job with jid 20261128060000000000"),
                new FileRequest(11, "nginx/nginx.conf", 0, FileRequest.MAX_CHUNK, null),
                new FileRequest(12, "top.sls", 1L << 40, 1, "ab".repeat(32)),
                new PillarRequest(13),
                new JobKill(JID), new KillRequest(18, OTHER_JID), new ReturnAck(List.of(JID, OTHER_JID)), new GoingAway("restarting"),
                SessionLimits.of(8 << 20, 4 << 20), new SessionLimits(4096, Integer.MAX_VALUE, 1L << 40),
                new GrainsReport(keywords()),
                new GrainsReport(keywords(), Map.of("test.echo", new FunctionSignature("test.echo",
                        List.of(new FunctionSignature.Input("text", ValueType.STRING, true)), false).toWire())),
                new EventPost("myapp/ready", keywords()), new EventSubscribe(22, "brine/job/*"),
                new EventNotice(23, "brine/minion/web1/start", Map.of("id", "web1"), 1_700_000_000_000L),
                new FilePushAck(24, null), new FilePushAck(25, "disk full"),
                new CopyRequest(26, "web*", 0, List.of("/etc/hosts", "/tmp/a b"), "/tmp/dest", 60_000),
                new CopyRequest(27, "db*", 0, List.of("/etc/hosts"), "/tmp/", 60_000, 2),
                new UpdateRequest(28, "web*", 0, "/srv/releases/brine-minion.jar", "/srv/releases/brine-minion.jar.sig",
                        true, 300_000),
                new JobListRequest(19, 10, "cmd.run", "web*", "local", 1_700_000_000_000L),
                new JobListRequest(29, 10, null, null, null, 0, true),
                new PublishRequest(20, "G@os:Debian and web*", 9, "test.ping", List.of(), Map.of(), 9, false, 0, 25,
                        1500, 0),
                new PublishRequest(22, "web*", 0, "test.ping", List.of(), Map.of(), 9, false, 10, 0, 0, 0),
                new PublishRequest(23, "db*", 0, "cmd.run", List.of("id"), Map.of(), 9, false, 0, 0, 0, 0, 1),
                new PublishRequest(24, "*", 0, "state.apply", List.of(), Map.of(), 9, true, 1, 0, 0, 0, 2),
                new Published(21, JID, List.of("a"), List.of("b", "c"), false),
                new PillarReply(14, keywords(), null),
                new PillarReply(15, Map.of(), "pillar top.sls:3: not a mapping"),
                new FileListRequest(30, "nginx/files"), new FileListRequest(31, ""),
                new FileListReply(32, FileListReply.Status.FOUND, List.of("a.conf", "conf.d/", "conf.d/b.conf")),
                FileListReply.without(33, FileListReply.Status.TOO_LARGE),
                new MineUpdate(40, Map.of("network.ip_addrs", List.of("10.0.0.5")), List.of("old.fun"), true),
                new MineUpdate(41, Map.of(), List.of(), false), new MineAck(42, null), new MineAck(43, "mine full"),
                new MineRequest(44, "role:web", "grain", "network.ip_addrs"),
                new MineReply(45, Map.of("web1", List.of("10.0.0.5")), null),
                new MineReply(46, Map.of(), "mine.get: bad target"),
                new ScheduledReturn("backup", "cmd.run", List.of("tar cf /tmp/b.tar /etc"), Map.of("cwd", "/"),
                        60_000, new JobReturn(JID, MinionReturn.ok("done", 1, 2))),
                new OrchestrateRequest(47, "orch.deploy", true, Map.of("release", "1.2"), 600_000));
    }

    static List<Message> withBinary() {
        return List.of(
                new JobRequest(JID, "file.write", List.of(bytes(0, 1, 255), List.of(new byte[0])),
                        Map.of("content", "übung\n".getBytes(UTF_8)), 60_000, "root"),
                new JobReturn(JID, MinionReturn.ok(bytes(0xc1, 0xff, 0x00, 0x7f), 1, 2)),
                new FileReply(16, FileReply.Status.DATA, "cd".repeat(32), 3, 0, bytes(1, 2, 3)),
                FileReply.without(17, FileReply.Status.REFUSED),
                new FilePush(27, "t1", "/var/log/syslog", 0, bytes(1, 2), true, "ef".repeat(32), 0644));
    }

    static List<Message> all() {
        List<Message> out = new ArrayList<>(comparable());
        out.addAll(withBinary());
        return out;
    }

    /** Every kind of value an argument list may hold, nested, with nulls and edge numbers. */
    static List<Object> values() {
        return Arrays.asList(null, true, false, 0L, -1L, -33L, 128L, Long.MIN_VALUE, Long.MAX_VALUE,
                TWO_TO_THE_63, MAX_UINT64, 3.25d, -0.0d, Double.NaN, Double.MAX_VALUE, "", "plain",
                "ünïcödé ☃ 𝄞 🧂 中文", "x".repeat(300),
                Arrays.asList(1L, Arrays.asList("nested", null, List.of()), keywords()), keywords());
    }

    static Map<String, Object> keywords() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", "nginx");
        out.put("refresh", true);
        out.put("missing", null);
        out.put("", "empty key");
        out.put("ключ", Arrays.asList(2.5d, -7L, MAX_UINT64));
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("depth", 2L);
        inner.put("list", Arrays.asList(null, false));
        out.put("nested", inner);
        return out;
    }

    static JobRecord jobRecord() {
        Map<String, MinionReturn> returns = new LinkedHashMap<>();
        returns.put("web-01", MinionReturn.ok(keywords(), 100, 200));
        returns.put("web-02", MinionReturn.failed(2, "timeout", 100, 30_100));
        return new JobRecord(JID, "state.apply", values(), keywords(), "web*", "glob", "root", 1_700_000_000_000L,
                30_000, List.of("web-01", "web-02", "web-03"), List.of("web-01", "web-02"), returns);
    }

    static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
