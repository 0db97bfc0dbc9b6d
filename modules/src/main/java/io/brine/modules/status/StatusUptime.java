package io.brine.modules.status;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Salt's {@code status.uptime}, from {@code /proc/uptime} and the login records in {@code /run/utmp}. */
final class StatusUptime implements ExecutionFunction {
    /** glibc's struct utmp on Linux: 384 bytes, ut_type (a native int) first; USER_PROCESS is a login. */
    private static final int UTMP_RECORD = 384;
    private static final int USER_PROCESS = 7;

    @Override
    public String name() {
        return "status.uptime";
    }

    @Override
    public String doc() {
        return "Returns seconds since boot, since_iso and since_t (the boot time), days, time ('H:MM' beyond the "
                + "days) and users (logged-in sessions).";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String first = Files.readString(Path.of("/proc/uptime")).strip().split("\\s+")[0];
        long seconds = (long) Double.parseDouble(first);
        Instant since = Instant.now().minusSeconds(seconds);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("seconds", seconds);
        out.put("since_iso", LocalDateTime.ofInstant(since, ZoneId.systemDefault()).withNano(0).toString());
        out.put("since_t", since.getEpochSecond());
        out.put("days", seconds / 86400);
        out.put("time", (seconds % 86400) / 3600 + ":" + String.format("%02d", (seconds % 3600) / 60));
        out.put("users", logins(Path.of("/run/utmp")));
        return out;
    }

    /** Login sessions recorded in utmp, as who(1) counts them; none when there is no utmp (a container). */
    static long logins(Path utmp) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(utmp);
        } catch (NoSuchFileException e) {
            return 0;
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        long count = 0;
        for (int at = 0; at + UTMP_RECORD <= bytes.length; at += UTMP_RECORD) {
            if (buf.getInt(at) == USER_PROCESS) {
                count++;
            }
        }
        return count;
    }
}
