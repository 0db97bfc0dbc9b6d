package io.brine.targeting;

/** The kinds of single term, with Salt's type name and compound prefix letter (none for the bare glob). */
enum TermKind {
    GLOB("glob", ' '),
    LIST("list", 'L'),
    PCRE("pcre", 'E'),
    GRAIN("grain", 'G'),
    GRAIN_PCRE("grain_pcre", 'P'),
    PILLAR("pillar", 'I'),
    PILLAR_PCRE("pillar_pcre", 'J'),
    IPCIDR("ipcidr", 'S'),
    NODEGROUP("nodegroup", 'N');

    static final String PREFIXES = "G@, P@, I@, J@, S@, L@, E@ or N@";

    final String typeName;
    final char prefix;

    TermKind(String typeName, char prefix) {
        this.typeName = typeName;
        this.prefix = prefix;
    }

    /** The kind for a target type, or null for {@link TargetType#COMPOUND}, which is not a single term. */
    static TermKind forType(TargetType type) {
        for (TermKind k : values()) {
            if (k.typeName.equals(type.wireName())) {
                return k;
            }
        }
        return null;
    }

    /** The kind for a compound prefix letter (case-sensitive, as in Salt), or null if it is not one of ours. */
    static TermKind forPrefix(char letter) {
        for (TermKind k : values()) {
            if (k.prefix == letter && k != GLOB) {
                return k;
            }
        }
        return null;
    }

    boolean isRegex() {
        return this == PCRE || this == GRAIN_PCRE || this == PILLAR_PCRE;
    }

    boolean readsPillar() {
        return this == PILLAR || this == PILLAR_PCRE;
    }

    /** The term as it would be written in a compound expression. */
    String render(String body) {
        return this == GLOB ? body : prefix + "@" + body;
    }
}
