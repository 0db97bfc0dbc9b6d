package io.brine.targeting;

/**
 * Parses IPv4 and IPv6 literals to bytes by hand, because {@link java.net.InetAddress#getByName} would send
 * anything that is not a literal to DNS, and a target must never trigger a lookup. Strict: IPv4 is four
 * decimal octets without leading zeros (which some tools read as octal); IPv6 takes {@code ::} and an IPv4 tail.
 */
final class IpAddress {
    private IpAddress() {
    }

    /** 4 or 16 bytes, or null if {@code text} is not an address literal. */
    static byte[] parse(String text) {
        return text.indexOf(':') >= 0 ? parseV6(text) : parseV4(text);
    }

    static byte[] parseV4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3 || !isDecimal(p) || (p.length() > 1 && p.charAt(0) == '0')) {
                return null;
            }
            int value = Integer.parseInt(p);
            if (value > 255) {
                return null;
            }
            bytes[i] = (byte) value;
        }
        return bytes;
    }

    static byte[] parseV6(String text) {
        int gap = text.indexOf("::");
        if (gap >= 0 && text.indexOf("::", gap + 1) >= 0) {
            return null;
        }
        int[] head = groups(gap < 0 ? text : text.substring(0, gap), gap < 0);
        int[] tail = gap < 0 ? new int[0] : groups(text.substring(gap + 2), true);
        if (head == null || tail == null || (gap < 0 ? head.length != 8 : head.length + tail.length > 7)) {
            return null;
        }
        int[] words = new int[8];
        System.arraycopy(head, 0, words, 0, head.length);
        System.arraycopy(tail, 0, words, 8 - tail.length, tail.length);
        byte[] bytes = new byte[16];
        for (int i = 0; i < 8; i++) {
            bytes[2 * i] = (byte) (words[i] >>> 8);
            bytes[2 * i + 1] = (byte) words[i];
        }
        return bytes;
    }

    /** The 16-bit groups of one side of '::'; the last may be an IPv4 address (two groups) if allowed. */
    private static int[] groups(String part, boolean ipv4Tail) {
        if (part.isEmpty()) {
            return new int[0];
        }
        String[] pieces = part.split(":", -1);
        int last = pieces.length - 1;
        boolean v4 = ipv4Tail && pieces[last].indexOf('.') >= 0;
        int[] words = new int[pieces.length + (v4 ? 1 : 0)];
        for (int i = 0; i < pieces.length; i++) {
            if (v4 && i == last) {
                byte[] b = parseV4(pieces[i]);
                if (b == null) {
                    return null;
                }
                words[i] = (b[0] & 0xff) << 8 | (b[1] & 0xff);
                words[i + 1] = (b[2] & 0xff) << 8 | (b[3] & 0xff);
            } else if (pieces[i].isEmpty() || pieces[i].length() > 4 || !isHex(pieces[i])) {
                return null;
            } else {
                words[i] = Integer.parseInt(pieces[i], 16);
            }
        }
        return words;
    }

    // ASCII only: Character.digit would also accept other scripts' digits.
    private static boolean isDecimal(String s) {
        return s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static boolean isHex(String s) {
        return s.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
    }
}
