package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.Context;

/**
 * Salt's Jinja dialect as tags: {@code import_yaml}, {@code import_json}, {@code import_text}, their {@code load_*}
 * blocks, and {@code import}, {@code from} and {@code include} taking a path expression. The last three replace
 * Jinjava's tags of the same name; all of them read files only through the template's resource locator. {@code for}
 * gains Jinja's loop filter; {@code filter} blocks pass their body through filters.
 */
final class SaltTags {
    private SaltTags() {}

    static void registerOn(Context context) {
        for (DataFormat format : DataFormat.values()) {
            context.registerTag(new ImportDataTag(format));
            context.registerTag(new LoadDataTag(format));
        }
        context.registerTag(new TreeImportTag());
        context.registerTag(new TreeFromTag());
        context.registerTag(new TreeIncludeTag());
        context.registerTag(new FilteredForTag());
        context.registerTag(new FilterBlockTag());
        context.registerTag(new io.brine.states.internal.jinja.python.NotingSetTag());
    }
}
