package io.brine.states.internal.jinja;

import com.hubspot.jinjava.interpret.CallStack;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.InterpretException;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.interpret.TemplateSyntaxException;
import com.hubspot.jinjava.loader.ResourceNotFoundException;
import com.hubspot.jinjava.tree.TagNode;
import java.io.IOException;
import java.util.Optional;

/**
 * Renders another file of the state tree for a tag ({@code import}, {@code from}, {@code include},
 * {@code import_yaml}...), always through the {@link StateTreeLocator}. The file renders in a child interpreter: it
 * sees the caller's variables, as Salt's templates see {@code tpldir}, {@code grains} and the rest whether imported
 * with context or not, and what it sets stays its own unless the tag takes it. Its errors name the file and its
 * line, then stand at the tag's line in the caller, so a mistake in {@code map.jinja} is reported there.
 */
final class TreeTemplates {
    /** The child that rendered the file, for the names it defined, and its output. */
    record Rendered(JinjavaInterpreter child, String output) {}

    private TreeTemplates() {}

    /** The rendered file; empty only when it is missing and {@code ignoreMissing}. */
    static Optional<Rendered> render(JinjavaInterpreter interpreter, TagNode tag, String path, boolean ignoreMissing) {
        String source;
        try {
            source = interpreter.getResource(path);
        } catch (ResourceNotFoundException e) {
            if (ignoreMissing) {
                return Optional.empty();
            }
            throw failure("no such file in the state tree: " + path, tag, e);
        } catch (IOException e) {
            throw failure("cannot read " + path + ": " + e.getMessage(), tag, e);
        }
        CallStack stack = interpreter.getContext().getImportPathStack();
        if (stack.contains(path)) {
            throw failure(path + " imports or includes itself", tag, null);
        }
        stack.pushWithoutCycleCheck(path, tag.getLineNumber(), tag.getStartPosition());
        try {
            JinjavaInterpreter child = interpreter.getConfig().getInterpreterFactory().newInstance(interpreter);
            // Jinjava's macros read this to know the file they came from, as with its own import tag.
            child.getContext().put(Context.IMPORT_RESOURCE_PATH_KEY, path);
            String output;
            try {
                output = child.render(child.parse(source));
            } catch (InterpretException e) {
                throw failure(in(path, e.getLineNumber()) + e.getMessage(), tag, e);
            }
            for (TemplateError error : child.getErrorsCopy()) {
                // the innermost file names the place; outer ones keep it (an undefined value names its own)
                if (error.getSourceTemplate().isEmpty() && !error.getMessage().startsWith(path + ":")) {
                    error.setMessage(in(path, error.getLineno()) + error.getMessage());
                    error.setSourceTemplate(path);
                }
            }
            interpreter.addAllChildErrors(path, child.getErrorsCopy());
            return Optional.of(new Rendered(child, output));
        } finally {
            stack.pop();
        }
    }

    /** Names a place in another file as compiler errors name theirs: {@code map.jinja:4: }. */
    static String in(String path, int line) {
        return path + (line > 0 ? ":" + line : "") + ": ";
    }

    /** A fatal error at the tag's line; Jinjava reports this kind with its bare message. */
    static InterpretException failure(String message, TagNode tag, Throwable cause) {
        return new TemplateSyntaxException(tag.getMaster().getImage(), message, tag.getLineNumber(), cause);
    }
}
