package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The existing column names closest to a misspelled one, for the "did you mean" of an error
 * message: a name differing only in case alone (said so: names are case-sensitive), else names
 * within a few edits (a fifth of the name's length, from 1 to 3; a swap of neighbours is one edit),
 * nearest first. Dotted paths ({@code a.b.c}) are compared whole, so a typo in any segment finds
 * the path.
 *
 * <pre>{@code
 * ColumnSuggestions.didYouMean("l_orderky", List.of("l_orderkey", "l_partkey"));
 * // " (did you mean l_orderkey?)"
 * }</pre>
 */
public final class ColumnSuggestions {
  /** Most names offered: past three, a list of the valid names serves better. */
  static final int MOST = 3;

  private ColumnSuggestions() {}

  /**
   * The names of {@code candidates} closest to {@code given}, nearest first (at most three); only
   * the names equal to it but for case when there are any. Empty when none is close.
   */
  public static List<String> closest(String given, Collection<String> candidates) {
    List<String> sameButCase = new ArrayList<>();
    List<Scored> near = new ArrayList<>();
    int limit = Math.max(1, Math.min(3, given.length() / 5));
    for (String c : candidates) {
      if (c.equals(given)) {
        continue;
      }
      if (c.equalsIgnoreCase(given)) {
        sameButCase.add(c);
        continue;
      }
      // a length difference past the limit cannot be within it: skip the quadratic distance
      if (Math.abs(c.length() - given.length()) > limit) {
        continue;
      }
      int d = distance(given.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT), limit);
      // a name replaced whole ("x" for "i") is no typo of it
      if (d <= limit && d < given.length()) {
        near.add(new Scored(c, d));
      }
    }
    if (!sameButCase.isEmpty()) {
      // the same name but for case is surely the one meant: other near names would only distract
      return List.copyOf(sameButCase.size() > MOST ? sameButCase.subList(0, MOST) : sameButCase);
    }
    near.sort(Comparator.comparingInt(Scored::distance));
    List<String> out = new ArrayList<>();
    for (Scored s : near) {
      if (out.size() >= MOST) {
        break;
      }
      if (!out.contains(s.name())) {
        out.add(s.name());
      }
    }
    return out.size() > MOST ? List.copyOf(out.subList(0, MOST)) : List.copyOf(out);
  }

  /**
   * The phrase to append to an unknown-column message: {@code " (did you mean x?)"}, with
   * {@code "; names are case-sensitive"} when the only difference is case, or {@code ""} when no
   * name is close.
   */
  public static String didYouMean(String given, Collection<String> candidates) {
    List<String> names = closest(given, candidates);
    if (names.isEmpty()) {
      return "";
    }
    boolean caseOnly = names.get(0).equalsIgnoreCase(given);
    return " (did you mean " + String.join(" or ", names) + "?"
        + (caseOnly ? " names are case-sensitive" : "") + ")";
  }

  /**
   * Edit distance of {@code a} and {@code b} counting a swap of two neighbouring characters as one
   * edit ({@code nmae} is one from {@code name}: the commonest typo), or {@code limit + 1} once it
   * must exceed {@code limit}.
   */
  private static int distance(String a, String b, int limit) {
    int[] before = new int[b.length() + 1];
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      int rowMin = cur[0];
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int d = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, before[j - 2] + 1);
        }
        cur[j] = d;
        rowMin = Math.min(rowMin, d);
      }
      if (rowMin > limit) {
        return limit + 1;
      }
      int[] t = before;
      before = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  private record Scored(String name, int distance) {}
}
