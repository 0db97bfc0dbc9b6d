package io.brine.api;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * Reads and rewrites the token file, {@code {"tokens": [{"name", "sha256", "created", "expires"}]}}, mode
 * 0600. Writes go to a temporary file renamed over the old one, under a lock file, so that two
 * {@code brine token} commands cannot lose each other's change and a running master never reads half a file.
 */
final class TokenFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TokenFile() {
    }

    static List<StoredToken> read(Path file) throws IOException {
        Map<String, List<Map<String, Object>>> doc;
        try {
            doc = JSON.readValue(file.toFile(), new TypeReference<>() { });
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return List.of();
        } catch (IOException | ClassCastException e) {
            throw new IOException(file + " is not a Brine token file: " + e.getMessage(), e);
        }
        List<StoredToken> out = new ArrayList<>();
        for (Map<String, Object> t : doc.getOrDefault("tokens", List.of())) {
            out.add(entry(file, t));
        }
        return List.copyOf(out);
    }

    /** Applies {@code change} to the current entries and writes the result, holding the lock throughout. */
    static void update(Path file, UnaryOperator<List<StoredToken>> change) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path lock = file.resolveSibling(file.getFileName() + ".lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            write(file, change.apply(new ArrayList<>(read(file))));
        }
    }

    private static void write(Path file, List<StoredToken> tokens) throws IOException {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (StoredToken t : tokens) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("name", t.name());
            e.put("sha256", t.sha256Hex());
            e.put("created", t.created().toString());
            e.put("expires", t.expires() == null ? null : t.expires().toString());
            entries.add(e);
        }
        Path temp = file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        createPrivate(temp);
        try {
            Files.write(temp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(Map.of("tokens", entries)));
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Created 0600 from the start, so the hashes are never readable by others, not even briefly. */
    private static void createPrivate(Path temp) throws IOException {
        try {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(temp);
        } catch (FileAlreadyExistsException e) {
            throw new IOException("temporary token file " + temp + " exists already", e);
        }
    }

    private static StoredToken entry(Path file, Map<String, Object> t) throws IOException {
        try {
            Object expires = t.get("expires");
            return new StoredToken(String.valueOf(t.get("name")), HexFormat.of().parseHex(String.valueOf(t.get("sha256"))),
                    Instant.parse(String.valueOf(t.get("created"))), expires == null ? null : Instant.parse(expires.toString()));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new IOException(file + " has a malformed token entry " + t.get("name") + ": " + e.getMessage(), e);
        }
    }
}
