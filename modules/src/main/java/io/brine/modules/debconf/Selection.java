package io.brine.modules.debconf;

/**
 * One debconf answer as {@code debconf-set-selections} takes it and {@code debconf-get-selections} prints it:
 * the owning package, the question, its type and its value (one line; multiselect values joined by ", ").
 */
record Selection(String owner, String question, String type, String value) {
    Selection {
        for (String field : new String[] {owner, question, type}) {
            if (field == null || field.isBlank() || field.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("debconf owner, question and type must be single words, not '"
                        + field + "'");
            }
        }
        if (value.contains("\n")) {
            throw new IllegalArgumentException("the answer to " + question + " must be one line");
        }
    }

    String line() {
        return owner + " " + question + " " + type + " " + value;
    }

    /** What a result shows of the value: never a password. */
    String shown() {
        return type.equals("password") ? "(password hidden)" : value;
    }
}
