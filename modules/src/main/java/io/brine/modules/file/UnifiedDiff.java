package io.brine.modules.file;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff (three lines of context) between two texts, as Salt shows in a file's changes.
 * Longest-common-subsequence on lines is plenty for configuration files; beyond a size where its
 * table would be large the diff is summarised instead.
 */
public final class UnifiedDiff {
    private static final long MAX_CELLS = 16_000_000L;
    private static final int CONTEXT = 3;

    private UnifiedDiff() {}

    public static String between(String before, String after) {
        if (before.indexOf('\0') >= 0 || after.indexOf('\0') >= 0) {
            return "Replace binary file";
        }
        List<String> a = before.lines().toList();
        List<String> b = after.lines().toList();
        if ((long) a.size() * b.size() > MAX_CELLS) {
            return "Replace text file (" + a.size() + " lines) with " + b.size() + " lines; too large to diff";
        }
        return format(edits(a, b), a, b);
    }

    private record Edit(char op, int aIndex, int bIndex) {}

    private static List<Edit> edits(List<String> a, List<String> b) {
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Edit> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                out.add(new Edit(' ', i++, j++));
            } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                out.add(new Edit('-', i++, j));
            } else {
                out.add(new Edit('+', i, j++));
            }
        }
        return out;
    }

    private static String format(List<Edit> edits, List<String> a, List<String> b) {
        StringBuilder out = new StringBuilder("--- \n+++ \n");
        int k = 0;
        while (k < edits.size()) {
            if (edits.get(k).op() == ' ') {
                k++;
                continue;
            }
            int start = Math.max(0, k - CONTEXT);
            int end = k;
            int lastChange = k;
            while (end < edits.size() && (edits.get(end).op() != ' ' || end - lastChange <= 2 * CONTEXT)) {
                if (edits.get(end).op() != ' ') {
                    lastChange = end;
                }
                end++;
            }
            end = Math.min(edits.size(), lastChange + CONTEXT + 1);
            hunk(out, edits.subList(start, end), a, b);
            k = end;
        }
        return out.toString();
    }

    private static void hunk(StringBuilder out, List<Edit> hunk, List<String> a, List<String> b) {
        int aCount = (int) hunk.stream().filter(e -> e.op() != '+').count();
        int bCount = (int) hunk.stream().filter(e -> e.op() != '-').count();
        int aStart = hunk.get(0).aIndex() + (aCount == 0 ? 0 : 1);
        int bStart = hunk.get(0).bIndex() + (bCount == 0 ? 0 : 1);
        out.append("@@ -").append(aStart).append(',').append(aCount)
                .append(" +").append(bStart).append(',').append(bCount).append(" @@\n");
        for (Edit e : hunk) {
            String line = e.op() == '+' ? b.get(e.bIndex()) : a.get(e.aIndex());
            out.append(e.op()).append(line).append('\n');
        }
    }
}
