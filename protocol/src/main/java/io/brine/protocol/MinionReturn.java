package io.brine.protocol;

import java.io.IOException;

/**
 * What one minion returned for one job. Failures are data: success false, a non-zero retcode and the
 * error in ret; an exception in a function never travels as anything else. {@code ret} is read under
 * {@link ValueBounds#RETURN}.
 */
public record MinionReturn(boolean success, int retcode, Object ret, long startMillis, long endMillis) {

    public static MinionReturn ok(Object ret, long startMillis, long endMillis) {
        return new MinionReturn(true, 0, ret, startMillis, endMillis);
    }

    public static MinionReturn failed(int retcode, Object ret, long startMillis, long endMillis) {
        return new MinionReturn(false, retcode == 0 ? 1 : retcode, ret, startMillis, endMillis);
    }

    void write(WireWriter w) {
        w.arrayHeader(5).bool(success).integer(retcode).value(ret).integer(startMillis).integer(endMillis);
    }

    static MinionReturn read(WireReader r) throws IOException, MalformedMessageException {
        r.fields("return", 5);
        return new MinionReturn(r.bool(), r.smallInt("retcode", Integer.MIN_VALUE, Integer.MAX_VALUE),
                r.value(ValueBounds.RETURN),
                r.integer(), r.integer());
    }
}
