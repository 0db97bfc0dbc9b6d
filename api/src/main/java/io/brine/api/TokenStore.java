package io.brine.api;

import io.brine.master.MasterConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The API's bearer tokens, kept as SHA-256 hashes only: a token is shown once, when created, and cannot be
 * recovered. A master keeps them in one file ({@code pki_dir/api_tokens.json}, mode 0600), re-read whenever it
 * changes, so a token created or revoked with {@code brine token} takes effect on a running master at once; the
 * masters of a cluster keep them in its database, so a token made through one is taken by all
 * ({@link ClusterTokenTable}).
 *
 * <p>Example:
 * <pre>{@code
 * TokenStore tokens = TokenStore.forMaster(master.config());
 * String token = tokens.create("heat", Duration.ofHours(24));   // hand this to the orchestrator
 * tokens.authenticate(token);                                   // Optional[heat]
 * tokens.revoke("heat");
 * }</pre>
 */
public final class TokenStore implements AutoCloseable {
    /** The token file's name inside the master's {@code pki_dir}. */
    public static final String FILE_NAME = "api_tokens.json";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");
    private static final String PREFIX = "brine_";
    private static final Pattern LIFETIME = Pattern.compile("([1-9][0-9]{0,8})([smhd])");
    private static final int MAX_TOKEN_LENGTH = 256;

    private final TokenTable table;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /**
     * A lifetime as {@code brine token create --expires} and {@code POST /tokens} take it: {@code 90s},
     * {@code 30m}, {@code 24h}, {@code 7d}; null (never expires) for null.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static Duration lifetime(String text) {
        if (text == null) {
            return null;
        }
        java.util.regex.Matcher m = LIFETIME.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a lifetime such as 90s, 30m, 24h or 7d");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofDays(n);
        };
    }

    TokenStore(Path file, Clock clock) {
        this(new TokenFileTable(Objects.requireNonNull(file, "file")), clock);
    }

    TokenStore(TokenTable table, Clock clock) {
        this.table = Objects.requireNonNull(table, "table");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The tokens kept in {@code file}, created on the first {@link #create}. */
    public static TokenStore open(Path file) {
        return new TokenStore(file, Clock.systemUTC());
    }

    /**
     * The tokens of the master configured by {@code config}: {@code pki_dir/api_tokens.json}, or with
     * {@code cluster}, its database (a pool of this store's own, closed with it).
     */
    public static TokenStore forMaster(MasterConfig config) {
        if (config.cluster() != null) {
            return new TokenStore(new ClusterTokenTable(io.brine.master.ClusterDatabase.open(config.cluster()), true),
                    Clock.systemUTC());
        }
        return open(config.pkiDir().resolve(FILE_NAME));
    }

    /**
     * The tokens of a running {@code master}: as {@link #forMaster(MasterConfig)}, but a cluster's are read through
     * the master's own pool of connections (not one more pool per API server), which this store does not close.
     */
    public static TokenStore forMaster(io.brine.master.Master master) {
        return master.clusterDataSource()
                .map(source -> new TokenStore(new ClusterTokenTable(source), Clock.systemUTC()))
                .orElseGet(() -> forMaster(master.config()));
    }

    /** The token file, or null when the tokens are in a cluster's database. */
    public Path file() {
        return table instanceof TokenFileTable f ? f.file() : null;
    }

    /** Where the tokens are kept, for messages: the file, or the cluster's database. */
    public String describe() {
        return table.describe();
    }

    @Override
    public void close() {
        table.close();
    }

    /**
     * Creates a token named {@code name}, valid for {@code expiresIn} (null: until revoked), and returns it.
     * This is the only time the token is available; only its hash is written.
     *
     * @throws IllegalArgumentException if the name is malformed or already taken, or the duration not positive
     */
    public String create(String name, Duration expiresIn) throws IOException {
        requireValidName(name);
        if (expiresIn != null && (expiresIn.isNegative() || expiresIn.isZero())) {
            throw new IllegalArgumentException("a token's lifetime must be positive, got " + expiresIn);
        }
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        String token = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        StoredToken entry = new StoredToken(name, sha256(token), now, expiresIn == null ? null : now.plus(expiresIn));
        table.update(tokens -> {
            if (tokens.stream().anyMatch(t -> t.name().equals(name))) {
                throw new IllegalArgumentException("a token named '" + name + "' exists already; revoke it first");
            }
            tokens.add(entry);
            return tokens;
        });
        return token;
    }

    /** Revokes the token named {@code name}; false if there is none. */
    public boolean revoke(String name) throws IOException {
        requireValidName(name);
        boolean[] found = new boolean[1];
        table.update(tokens -> {
            found[0] = tokens.removeIf(t -> t.name().equals(name));
            return tokens;
        });
        return found[0];
    }

    /** Every token's name and dates, expired ones included, in creation order. */
    public List<TokenInfo> list() throws IOException {
        return table.read().stream().map(StoredToken::info).toList();
    }

    /**
     * The name of the token presented, if it is known, unexpired and unrevoked. Every stored hash is compared,
     * in constant time, so the answer's timing says nothing about which entry came close. An unreadable file
     * authenticates nobody.
     */
    public Optional<String> authenticate(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > MAX_TOKEN_LENGTH) {
            return Optional.empty();
        }
        byte[] hash = sha256(presented);
        Instant now = clock.instant();
        String match = null;
        for (StoredToken t : table.current()) {
            // '&' rather than '&&': the expiry is checked whether or not the hash matched
            if (MessageDigest.isEqual(hash, t.sha256()) & t.validAt(now)) {
                match = t.name();
            }
        }
        return Optional.ofNullable(match);
    }

    private static void requireValidName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("invalid token name '" + name + "': use 1 to 64 characters from "
                    + "A-Z a-z 0-9 . _ @ -, starting with a letter or digit");
        }
    }

    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
