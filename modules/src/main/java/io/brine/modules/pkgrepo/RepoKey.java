package io.brine.modules.pkgrepo;

import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.StateContext;
import io.brine.modules.Sources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * A repository signing key as the bytes its keyring file should hold. The key comes from {@code key_url}:
 * {@code brine://}/{@code salt://} (the state tree), {@code file://} or an absolute path, or {@code http(s)://}
 * through the minion's {@code http.query} (so its {@code http_allow} list applies). An ASCII-armoured key is
 * dearmoured, as Salt does before placing it, unless the keyring is a {@code .asc} file, which apt reads armoured.
 */
final class RepoKey {
    static final String ARMOR_BEGIN = "-----BEGIN PGP PUBLIC KEY BLOCK-----";
    private static final String ARMOR_END = "-----END PGP PUBLIC KEY BLOCK-----";

    private RepoKey() {}

    /** Thrown for a key that cannot be had; its message is the state's comment. */
    static final class KeyException extends Exception {
        KeyException(String message) {
            super(message);
        }
    }

    /** The bytes to write to {@code keyring}, loaded from {@code keyUrl}. */
    static byte[] load(String keyUrl, Path keyring, StateContext ctx)
            throws IOException, InterruptedException, KeyException {
        byte[] raw = keyUrl.startsWith("http://") || keyUrl.startsWith("https://") ? download(keyUrl, ctx) : local(keyUrl, ctx);
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        if (!text.contains(ARMOR_BEGIN) || keyring.getFileName().toString().endsWith(".asc")) {
            return raw;
        }
        return dearmor(text).orElseThrow(() -> new KeyException("The key from " + keyUrl + " is not valid ASCII armour"));
    }

    private static byte[] local(String keyUrl, StateContext ctx) throws IOException, KeyException {
        Optional<Path> file;
        try {
            file = Sources.resolve(keyUrl, ctx.files());
        } catch (IOException e) {
            throw new KeyException("Cannot use key_url " + keyUrl + ": " + e.getMessage());
        }
        if (file.isEmpty()) {
            throw new KeyException("Error: file not found: " + keyUrl);
        }
        return Files.readAllBytes(file.get());
    }

    /**
     * Over http.query, whose body arrives as text: an armoured key survives that, a binary one would not, so only
     * armoured keys are accepted from the web.
     */
    private static byte[] download(String keyUrl, StateContext ctx) throws InterruptedException, KeyException {
        FunctionResult r;
        try {
            r = ctx.call("http.query", Map.of("url", keyUrl));
        } catch (FunctionException e) {
            throw new KeyException("Could not fetch key " + keyUrl + ": " + e.getMessage());
        }
        if (!(r.ret() instanceof Map<?, ?> response) || !Integer.valueOf(200).equals(response.get("status"))) {
            Object status = r.ret() instanceof Map<?, ?> m ? m.get("status") : r.ret();
            throw new KeyException("Could not fetch key " + keyUrl + ": HTTP status " + status);
        }
        String body = String.valueOf(response.get("body"));
        if (!body.contains(ARMOR_BEGIN)) {
            throw new KeyException("The key at " + keyUrl + " is not ASCII-armoured; over http(s) only armoured keys "
                    + "are supported (serve a .asc key, or use brine:// or file://)");
        }
        return body.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The packets inside the armour: the base64 lines after the header block, without the {@code =XXXX} checksum
     * line, which is what {@code gpg --dearmor} writes.
     */
    static Optional<byte[]> dearmor(String text) {
        int begin = text.indexOf(ARMOR_BEGIN);
        int end = text.indexOf(ARMOR_END, begin);
        if (begin < 0 || end < 0) {
            return Optional.empty();
        }
        StringBuilder base64 = new StringBuilder();
        boolean inBody = false;
        String[] lines = text.substring(begin + ARMOR_BEGIN.length(), end).split("\r?\n");
        for (int i = 1; i < lines.length; i++) { // lines[0] is what followed the BEGIN marker on its own line
            String l = lines[i].strip();
            if (!inBody) {
                inBody = l.isEmpty(); // armour headers (Version:, Comment:) end at the first blank line
            } else if (!l.startsWith("=")) {
                base64.append(l);
            }
        }
        try {
            byte[] packets = Base64.getDecoder().decode(base64.toString());
            return packets.length == 0 ? Optional.empty() : Optional.of(packets);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
