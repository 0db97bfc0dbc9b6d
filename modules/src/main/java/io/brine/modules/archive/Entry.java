package io.brine.modules.archive;

/**
 * One archive member, whatever the format.
 *
 * @param link for symlinks and hard links, what they point to; else null
 * @param mode permission bits, or -1 when the archive does not record them
 */
record Entry(String name, Kind kind, int mode, String link, long modifiedMillis) {
    enum Kind { FILE, DIRECTORY, SYMLINK, HARDLINK, OTHER }
}
