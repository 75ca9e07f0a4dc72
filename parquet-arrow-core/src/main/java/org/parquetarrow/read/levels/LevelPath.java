package org.parquetarrow.read.levels;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.read.levels.LevelInfo.Kind;

/**
 * The Arrow nodes on the path from a record down to one Parquet leaf column, outermost first,
 * with their {@link LevelInfo}; the last node is the leaf. Immutable.
 *
 * <p>Built from the Arrow shape: each optional node adds a definition level, each list adds one
 * more definition level (for "has an element") and one repetition level. How the Parquet schema
 * spells a list does not matter here: a 3-level list, a 2-level list and a bare repeated field
 * differ only in whether the list and its element are nullable.
 *
 * <pre>{@code
 * // message m { optional group tags (MAP) { repeated group key_value {
 * //                 required binary key (STRING); optional int32 value; } } }
 * LevelPath value = LevelPath.builder().map(true).leaf(true);   // max def 3, max rep 1
 * // message m { repeated int32 ids; }  (a bare repeated field: a non-null list of non-null ints)
 * LevelPath ids = LevelPath.builder().list(false).leaf(false);  // max def 1, max rep 1
 * }</pre>
 */
public final class LevelPath {
  private final List<LevelInfo> nodes;
  /** Per repetition level r (1..max), the definition level from which list r has an element. */
  private final int[] elementDefByRep;
  private final int maxDef;
  private final int maxRep;

  private LevelPath(List<LevelInfo> nodes) {
    this.nodes = List.copyOf(nodes);
    LevelInfo leaf = this.nodes.get(this.nodes.size() - 1);
    this.maxDef = leaf.defLevel();
    this.maxRep = leaf.repLevel();
    this.elementDefByRep = new int[maxRep + 1];
    for (LevelInfo n : this.nodes) {
      if (n.kind() == Kind.LIST) {
        elementDefByRep[n.repLevel()] = n.elementDefLevel();
      }
    }
  }

  /** Starts a path at the record (definition and repetition level 0). */
  public static Builder builder() {
    return new Builder();
  }

  /** The nodes from the outermost to the leaf. */
  public List<LevelInfo> nodes() {
    return nodes;
  }

  public LevelInfo node(int index) {
    return nodes.get(index);
  }

  public int size() {
    return nodes.size();
  }

  public LevelInfo leaf() {
    return nodes.get(nodes.size() - 1);
  }

  /** The leaf column's maximum definition level. */
  public int maxDefLevel() {
    return maxDef;
  }

  /** The leaf column's maximum repetition level; 0 for a flat path (no list on it). */
  public int maxRepLevel() {
    return maxRep;
  }

  /**
   * Checks that level entries {@code [from, from + n)} of this leaf describe whole records: every
   * level within its maximum, the first entry starting a record ({@code rep == 0}), and every
   * entry with {@code rep == r > 0} adding an element to list {@code r} that the previous entry
   * left non-empty. Run it once per batch before handing the levels to {@link NestedLevels}, whose
   * results are meaningless (though memory-safe) for levels that fail it.
   *
   * @param rep the repetition levels; ignored, and may be {@code null}, for a flat path
   * @throws CorruptFileException naming the first impossible entry
   */
  public void check(int[] def, int[] rep, int from, int n) {
    Objects.checkFromIndexSize(from, n, def.length);
    int end = from + n;
    checkRange(def, from, end, maxDef, "definition");
    if (maxRep == 0 || n == 0) {
      return;
    }
    Objects.requireNonNull(rep, "a path with a list needs repetition levels");
    Objects.checkFromIndexSize(from, n, rep.length);
    if (rep[from] != 0) {
      throw new CorruptFileException(
          "the repetition level at the start of a record must be 0 but got " + rep[from]);
    }
    checkRange(rep, from, end, maxRep, "repetition");
    int[] elementDef = elementDefByRep; // 0 at index 0: a record start needs nothing
    int bad = 0;
    int prev = def[from];
    for (int i = from + 1; i < end; i++) {
      int d = def[i];
      int need = elementDef[rep[i]];
      bad |= (d - need) | (prev - need);
      prev = d;
    }
    if (bad < 0) {
      throw continuationError(def, rep, from, end);
    }
  }

  /** Rejects a level outside {@code [0, max]}, without a branch per level. */
  private static void checkRange(int[] levels, int from, int end, int max, String what) {
    int bad = 0;
    for (int i = from; i < end; i++) {
      bad |= levels[i] | (max - levels[i]);
    }
    if (bad < 0) {
      for (int i = from; i < end; i++) {
        if (levels[i] < 0 || levels[i] > max) {
          throw new CorruptFileException(what + " level " + levels[i] + " at level entry "
              + (i - from) + " is outside 0.." + max);
        }
      }
    }
  }

  private CorruptFileException continuationError(int[] def, int[] rep, int from, int end) {
    for (int i = from + 1; i < end; i++) {
      int r = rep[i];
      int need = elementDefByRep[r];
      if (def[i - 1] < need) {
        return new CorruptFileException("repetition level " + r + " at level entry " + (i - from)
            + " continues a list that the previous entry left empty or null (definition level "
            + def[i - 1] + " < " + need + ")");
      }
      if (def[i] < need) {
        return new CorruptFileException("repetition level " + r + " at level entry " + (i - from)
            + " adds an element to a list, but its definition level " + def[i]
            + " says the list is empty or null (< " + need + ")");
      }
    }
    throw new IllegalStateException("no impossible level entry found");
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("LevelPath[");
    String separator = "";
    for (LevelInfo n : nodes) {
      sb.append(separator).append(n.nullable() ? "optional " : "")
          .append(n.kind().name().toLowerCase(java.util.Locale.ROOT))
          .append("(d").append(n.defLevel()).append(" r").append(n.repLevel())
          .append(" a").append(n.repeatedAncestorDefLevel()).append(')');
      separator = " > ";
    }
    return sb.append(']').toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LevelPath p && nodes.equals(p.nodes);
  }

  @Override
  public int hashCode() {
    return nodes.hashCode();
  }

  /**
   * Adds nodes from the outermost inwards and ends with the leaf. Not reusable after {@link
   * #leaf}.
   */
  public static final class Builder {
    private final List<LevelInfo> nodes = new ArrayList<>();
    private int def;
    private int rep;
    private int ancestorDef;
    private boolean done;

    private Builder() {}

    private void add(LevelInfo node) {
      if (done) {
        throw new IllegalStateException("the path already ends in a leaf");
      }
      nodes.add(node);
    }

    /** A struct on the path (an optional or required group). */
    public Builder struct(boolean nullable) {
      int d = def + (nullable ? 1 : 0);
      add(new LevelInfo(Kind.STRUCT, d, rep, ancestorDef, nullable));
      def = d;
      return this;
    }

    /**
     * A list: {@code nullable} for an optional list-annotated group, not for a required one or a
     * bare repeated field. The next node is its element.
     */
    public Builder list(boolean nullable) {
      int d = def + (nullable ? 1 : 0);
      add(new LevelInfo(Kind.LIST, d, rep + 1, ancestorDef, nullable));
      def = d + 1;
      rep++;
      ancestorDef = def;
      return this;
    }

    /**
     * A map: a list of non-null key/value structs, as Arrow lays it out. The next node is the key
     * or the value.
     */
    public Builder map(boolean nullable) {
      return list(nullable).struct(false);
    }

    /** The leaf column; ends the path. */
    public LevelPath leaf(boolean nullable) {
      add(new LevelInfo(Kind.LEAF, def + (nullable ? 1 : 0), rep, ancestorDef, nullable));
      done = true;
      return new LevelPath(nodes);
    }
  }
}
