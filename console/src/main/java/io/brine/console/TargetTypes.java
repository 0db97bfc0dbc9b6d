package io.brine.console;

import io.brine.targeting.TargetType;

/** The target types a form offers, as the CLI's {@code --tgt-type} names them. */
final class TargetTypes {
    private TargetTypes() {
    }

    static String select(String name, String chosen) {
        StringBuilder out = new StringBuilder("<label for=\"").append(name).append("\">Type</label><select id=\"")
                .append(name).append("\" name=\"").append(name).append("\">");
        for (TargetType t : TargetType.values()) {
            out.append("<option").append(t.wireName().equals(chosen) ? " selected" : "").append('>')
                    .append(Html.esc(t.wireName())).append("</option>");
        }
        return out.append("</select>").toString();
    }
}
