package org.parquetarrow.read.levels;

/**
 * The levels of one Arrow node on the path from the root (a record) to a Parquet leaf column:
 * what a definition / repetition level pair says about that node. Paths are built with {@link
 * LevelPath#builder()}, which derives these numbers; the record is public so that readers can
 * pass single nodes to {@link NestedLevels} (and a node's {@link #validDefLevel()} to {@link
 * DefinitionLevels}).
 *
 * <p>For a level entry {@code (def, rep)} of the leaf column:
 *
 * <ul>
 *   <li>the entry gives this node a new <em>slot</em> when {@code def >= repeatedAncestorDefLevel}
 *       (the enclosing list, if any, has an element here) and {@code rep <= slotRepLevel()} (the
 *       entry does not continue a list nested below this node's slot);
 *   <li>that slot is valid (non-null) when {@code def >= validDefLevel()}: from {@code defLevel}
 *       for nullable nodes and leaves, always for a non-nullable struct or list (see {@link
 *       #validDefLevel()});
 *   <li>for a {@link Kind#LIST}: the entry adds an element to the current list when {@code def >=
 *       elementDefLevel()} and {@code rep <= repLevel}.
 * </ul>
 *
 * <pre>{@code
 * // optional group a (LIST) { repeated group list { optional int32 element; } }
 * LevelInfo list = new LevelInfo(Kind.LIST, 1, 1, 0, true);   // null list: def 0, empty: def 1
 * LevelInfo leaf = new LevelInfo(Kind.LEAF, 3, 1, 2, true);   // null element: def 2, value: def 3
 * }</pre>
 *
 * @param kind what the node becomes in Arrow (a map is a list of non-null key/value structs)
 * @param defLevel the definition level from which the node is present and non-null; for a list,
 *     non-null but possibly empty
 * @param repLevel for a list, the repetition level of its repeated field (a level entry with this
 *     repetition level adds an element to the list); for any other node, that of its nearest list
 *     ancestor, 0 if there is none
 * @param repeatedAncestorDefLevel the definition level from which the nearest list ancestor has an
 *     element, that is from which this node has a slot; 0 if there is no list ancestor
 * @param nullable whether the node can be null (an optional Parquet field, or an optional group
 *     annotated as a list or map); a list made from a bare repeated field cannot
 */
public record LevelInfo(Kind kind, int defLevel, int repLevel, int repeatedAncestorDefLevel,
    boolean nullable) {

  /** The Arrow shape of a node. */
  public enum Kind {
    /** A struct: one slot per slot of its parent. */
    STRUCT,
    /** A list or large list (also a map): offsets into its only child. */
    LIST,
    /** The Parquet leaf column itself. */
    LEAF
  }

  public LevelInfo {
    if (kind == null) {
      throw new IllegalArgumentException("kind is null");
    }
    if (repeatedAncestorDefLevel < 0 || defLevel < repeatedAncestorDefLevel || repLevel < 0) {
      throw new IllegalArgumentException("impossible levels: def " + defLevel + ", rep " + repLevel
          + ", repeated ancestor def " + repeatedAncestorDefLevel);
    }
    if (kind == Kind.LIST && repLevel == 0) {
      throw new IllegalArgumentException("a list has a repetition level of at least 1");
    }
    if (nullable && defLevel == repeatedAncestorDefLevel) {
      throw new IllegalArgumentException("a nullable node needs a definition level of its own");
    }
  }

  /**
   * The definition level from which a slot of this node is valid in Arrow. For nullable nodes and
   * for leaves it is {@code defLevel}: a leaf slot is valid exactly where a value is stored, which
   * is what places the dense values, even for a non-nullable leaf under a null struct. A
   * non-nullable struct or list has no null slot at all ({@code repeatedAncestorDefLevel}, where
   * its slots begin), even under a null parent, as Arrow C++ and arrow-rs build them: a null
   * parent already hides the child's slot, and a field declared non-nullable then never reports
   * nulls.
   */
  public int validDefLevel() {
    return nullable || kind == Kind.LEAF ? defLevel : repeatedAncestorDefLevel;
  }

  /** The definition level from which a list has at least one element: {@code defLevel + 1}. */
  public int elementDefLevel() {
    if (kind != Kind.LIST) {
      throw new IllegalStateException(kind + " has no elements");
    }
    return defLevel + 1;
  }

  /**
   * The highest repetition level that starts a new slot of this node: for a list {@code repLevel
   * - 1} (its own level only adds elements), for other nodes {@code repLevel}.
   */
  public int slotRepLevel() {
    return kind == Kind.LIST ? repLevel - 1 : repLevel;
  }
}
