package io.brine.modules.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.modules.Calls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** status.* and disk.usage checked against what this machine itself says. */
class SystemFactsTest {
    @Test
    void loadavgIsWhatProcSays() throws Exception {
        String before = Files.readString(Path.of("/proc/loadavg"));
        Map<?, ?> load = (Map<?, ?>) Calls.call("status.loadavg");
        String after = Files.readString(Path.of("/proc/loadavg"));
        assertEquals(List.of("1-min", "5-min", "15-min"), List.copyOf(load.keySet()));
        // the kernel updates the averages every 5 s, so the answer is one of the two readings around the call
        String[] b = before.split(" ");
        String[] a = after.split(" ");
        List<Double> one = List.of(Double.parseDouble(b[0]), Double.parseDouble(a[0]));
        List<Double> fifteen = List.of(Double.parseDouble(b[2]), Double.parseDouble(a[2]));
        assertTrue(one.contains(load.get("1-min")), load + " vs " + before);
        assertTrue(fifteen.contains(load.get("15-min")), load + " vs " + before);
    }

    @Test
    void uptimeAgreesWithProcUptime() throws Exception {
        double before = Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
        Map<?, ?> up = (Map<?, ?>) Calls.call("status.uptime");
        double after = Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
        long seconds = (Long) up.get("seconds");
        assertTrue(seconds >= (long) before && seconds <= (long) after, seconds + " not in " + before + ".." + after);
        assertEquals(seconds / 86400, up.get("days"));
        LocalDateTime.parse((String) up.get("since_iso"));
        assertTrue((Long) up.get("users") >= 0);
        assertTrue(((String) up.get("time")).matches("\\d{1,2}:\\d\\d"), up.get("time").toString());
    }

    @Test
    void diskUsageAgreesWithDfForTheRootFileSystem() throws Exception {
        Process df = new ProcessBuilder("df", "-P", "-k", "/").start();
        String[] row = new String(df.getInputStream().readAllBytes()).strip().split("\n")[1].split("\\s+");
        assertEquals(0, df.waitFor());
        Map<?, ?> root = (Map<?, ?>) ((Map<?, ?>) Calls.call("disk.usage")).get("/");
        assertEquals(row[0], root.get("filesystem"));
        assertEquals(row[1], root.get("1K-blocks"));
        assertEquals("/", root.get("mountpoint"));
        long used = Long.parseLong((String) root.get("used"));
        long available = Long.parseLong((String) root.get("available"));
        // other processes write meanwhile; what df saw and what we saw must still add up to nearly the same
        long dfSum = Long.parseLong(row[2]) + Long.parseLong(row[3]);
        assertTrue(Math.abs(used + available - dfSum) <= dfSum / 100, used + "+" + available + " vs " + dfSum);
        assertTrue(((String) root.get("capacity")).matches("\\d{1,3}%"));

        Map<?, ?> status = (Map<?, ?>) ((Map<?, ?>) Calls.call("status.diskusage")).get("/");
        assertEquals(Long.parseLong(row[1]) * 1024, ((Long) status.get("total")) / 1024 * 1024);
        assertTrue((Long) status.get("available") <= (Long) status.get("total"));
        Map<?, ?> proc = (Map<?, ?>) Calls.callWith("status.diskusage", Map.of("fstypes", "proc"));
        assertTrue(proc.containsKey("/proc") && !proc.containsKey("/"), proc.keySet().toString());
    }
}
