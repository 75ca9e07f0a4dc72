/**
 * Definition and repetition levels to Arrow structure: validity bitmaps, list offsets and the
 * placement of densely decoded values. Pure functions over {@code int[]} levels and caller-owned
 * {@code ArrowBuf}s, independent of how pages are read and how the schema is mapped.
 *
 * <h2>The model</h2>
 *
 * <p>A leaf column's {@link org.parquetarrow.read.levels.LevelPath} lists the Arrow nodes from
 * the record down to the leaf (structs, lists, maps as lists of key/value structs, the leaf),
 * each with a {@link org.parquetarrow.read.levels.LevelInfo}. For each level entry {@code (def,
 * rep)} and each node, the entry either gives the node a new slot ({@code def} reaches the
 * node's {@code repeatedAncestorDefLevel} and {@code rep} does not continue a list nested inside
 * it) or not; a slot is valid from the node's {@code validDefLevel()}; a list gains an element
 * from its {@code elementDefLevel()}. Null lists and empty lists both have zero elements. Under a
 * null struct, a nullable child and the leaf get null slots, while a non-nullable struct or list
 * never has a null slot; this is how Arrow C++ and arrow-rs build them.
 *
 * <h2>The pieces</h2>
 *
 * <ul>
 *   <li>{@link org.parquetarrow.read.levels.LevelPath#check}: rejects impossible level sequences
 *       with {@link org.parquetarrow.CorruptFileException} (a record starting with {@code rep > 0},
 *       levels above their maximum, a repetition level continuing a list that is not open).
 *   <li>{@link org.parquetarrow.read.levels.DefinitionLevels}: the flat fast path (no list).
 *   <li>{@link org.parquetarrow.read.levels.NestedLevels}: per node, list offsets (32 or 64 bit)
 *       and validity, struct and leaf validity and length.
 *   <li>{@link org.parquetarrow.read.levels.RecordSplitter}: cuts levels into batches of whole
 *       records across pages.
 *   <li>{@link org.parquetarrow.read.levels.ValueSpreader}: moves dense values to their slots in
 *       place (fixed width, bits, binary offsets), or places fixed-width values at their slots
 *       straight from a page's bytes.
 *   <li>{@link org.parquetarrow.encoding.Bitmaps}: bitmap helpers at any bit offset.
 * </ul>
 *
 * <h2>Complexity</h2>
 *
 * <p>Every operation is O(n) in the number of level entries (or slots, for the spreader) with
 * O(1) extra memory, and one pass per node, so assembling a whole path of depth {@code h} costs
 * O(n·h). The reader's one assembly tree ({@code org.parquetarrow.read.NestedAssembler}) calls
 * them node by node. The loops over levels use no per-entry virtual call, no boxing and no branch on the
 * data: comparisons become 0/1 integers ({@code (threshold - 1 - level) >>> 31}), a list offset
 * is stored on every entry (the store for a slot that does not start yet is overwritten later),
 * and validity bits gather in a 64-bit word written once per 64 slots. {@link
 * org.parquetarrow.read.levels.LevelPath#check} is two branch-free passes that only look for the
 * culprit when a pass failed. The spreader handles 64 slots per step: a run of valid slots is one
 * memory move, a run of nulls one fill, a mixed block a masked copy per slot, and it stops at the
 * last null from the top since everything below is already in place.
 *
 * <h2>Safety</h2>
 *
 * <p>A node never gets more slots, nor a list more elements, than there are level entries, so
 * buffers sized for {@code n} entries can never be overrun, whatever the level values; every
 * buffer range is checked once per call ({@code IndexOutOfBoundsException} means a caller error,
 * not bad input). Levels that fail {@code check} give meaningless but memory-safe results.
 *
 * <p>Arrow buffers are read and written in the platform's byte order, as Arrow's own {@code
 * ArrowBuf.setInt} does; the library targets little-endian platforms.
 */
package org.parquetarrow.read.levels;
