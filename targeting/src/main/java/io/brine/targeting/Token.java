package io.brine.targeting;

/** One word of a compound expression, with its 0-based position for error messages. */
record Token(Kind kind, String text, int position) {

    enum Kind { LPAREN, RPAREN, AND, OR, NOT, TERM }

    static Token word(String text, int position) {
        Kind kind = switch (text) {
            case "and" -> Kind.AND;
            case "or" -> Kind.OR;
            case "not" -> Kind.NOT;
            default -> Kind.TERM;
        };
        return new Token(kind, text, position);
    }
}
