package org.parquetarrow.dataset.scan;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The filter's results on the entries of a dictionary-encoded column, kept from one batch to the
 * next by one scan thread (a {@link FileScanTask}): the reader hands each batch a dictionary of its
 * own, but while a chunk's pages are dictionary-encoded it holds the same entries as the batch
 * before, so a predicate need not be tested on every entry again.
 *
 * <p>A result is reused only when the new dictionary's entries are the very ones it was computed
 * on: the same type, count, validity and value bytes (copied to the heap when the result was
 * computed, compared a word at a time). Nothing else is trusted as a key: not the vector (a
 * reader may refill one), not the count (two row groups' dictionaries may differ only in order),
 * not the chunk (a writer's fallback to plain pages appends entries to a batch's dictionary).
 * Dictionaries above {@link #MAX_BYTES} bytes of values, and vectors whose values are not one or
 * two plain buffers (booleans, views, nested), are not kept.
 *
 * <pre>{@code
 * DictionaryResults kept = new DictionaryResults();
 * TriBits bits = filter.evaluate(batch, dictionaries, kept);   // one per batch, same thread
 * }</pre>
 */
final class DictionaryResults {
  /** Value bytes of the largest dictionary whose results are kept (a copy of it is kept too). */
  static final long MAX_BYTES = 1L << 20;
  /**
   * Misses in a row after which a predicate's results are no longer kept (but for a try every
   * {@link #RETRY_EVERY}-th miss): where a column's dictionary changes batch after batch (a chunk
   * read after its fallback to plain pages), keeping would copy every batch's dictionary for nothing.
   */
  static final int GIVE_UP_AFTER = 4;
  static final int RETRY_EVERY = 16;

  /** By predicate (an expression or a conjunction's unit, by identity): the last result computed. */
  private final Map<Object, Kept> kept = new IdentityHashMap<>();
  /** By predicate, the misses since its last hit. */
  private final Map<Object, Integer> missesInARow = new IdentityHashMap<>();
  private long hits;
  private long misses;
  private long copies;

  /** A predicate's value on every entry of one dictionary, and that dictionary's content. */
  record Kept(TriBits onEntries, boolean twoValued, Content content) {}

  /** The result of {@code predicate} kept for a dictionary with {@code entries}' content, or {@code null}. */
  Kept get(Object predicate, ColumnValues entries) {
    Kept k = kept.get(predicate);
    if (k != null && k.content.matches(entries)) {
      hits++;
      missesInARow.remove(predicate);
      return k;
    }
    misses++;
    missesInARow.merge(predicate, 1, Integer::sum);
    return null;
  }

  /** Keeps {@code onEntries} (with whether it is two-valued) as {@code predicate}'s result on {@code entries}. */
  void put(Object predicate, ColumnValues entries, TriBits onEntries, boolean twoValued) {
    int run = missesInARow.getOrDefault(predicate, 0);
    if (run > GIVE_UP_AFTER && run % RETRY_EVERY != 0) {
      kept.remove(predicate);
      return;
    }
    copies++;
    Content c = Content.of(entries);
    if (c == null) {
      kept.remove(predicate);
    } else {
      kept.put(predicate, new Kept(onEntries, twoValued, c));
    }
  }

  /** Look-ups answered from a kept result. */
  long hits() {
    return hits;
  }

  /** Look-ups that found no result for the dictionary they were given. */
  long misses() {
    return misses;
  }

  /** Dictionaries whose content was taken to key a result. */
  long copies() {
    return copies;
  }

  /** A dictionary's entries as bytes on the heap: value buffers as 64-bit words, validity as bitmap words. */
  static final class Content {
    private final ArrowType type;
    private final int entries;
    private final long[] valid;
    /** The value buffers' bytes one after another (offsets then data for variable width), zero-padded to a word. */
    private final long[] words;
    private final long length;

    private Content(ArrowType type, int entries, long[] valid, long[] words, long length) {
      this.type = type;
      this.entries = entries;
      this.valid = valid;
      this.words = words;
      this.length = length;
    }

    /** The content of {@code c}'s vector, or {@code null} if it is not kept (see the class comment). */
    static Content of(ColumnValues c) {
      Region[] regions = regions(c.vector, c.rows);
      if (regions == null) {
        return null;
      }
      long length = 0;
      for (Region r : regions) {
        length += r.length;
      }
      if (length > MAX_BYTES) {
        return null;
      }
      long[] words = new long[(int) ((length + 7) >>> 3)];
      long at = 0;
      for (Region r : regions) {
        copy(r, words, at);
        at += r.length;
      }
      return new Content(c.type, c.rows, c.validWords().clone(), words, length);
    }

    /** Whether {@code c}'s vector holds exactly these entries. */
    boolean matches(ColumnValues c) {
      if (c.rows != entries || !c.type.equals(type) || !Arrays.equals(c.validWords(), valid)) {
        return false;
      }
      Region[] regions = regions(c.vector, c.rows);
      if (regions == null) {
        return false;
      }
      long total = 0;
      for (Region r : regions) {
        total += r.length;
      }
      if (total != length) {
        return false;
      }
      long at = 0;
      for (Region r : regions) {
        if (!same(r, words, at)) {
          return false;
        }
        at += r.length;
      }
      return true;
    }

    /** Bytes {@code [address, address + length)} of a vector's buffer. */
    private record Region(long address, long length) {}

    /**
     * Where the values of {@code v}'s first {@code n} entries lie: the data of a fixed-width
     * vector; the offsets and the bytes they span of a variable-width one; {@code null} for others.
     */
    private static Region[] regions(FieldVector v, int n) {
      if (v instanceof BaseFixedWidthVector fw && !(v instanceof BitVector)) {
        return new Region[] {region(v.getDataBuffer(), 0, (long) n * fw.getTypeWidth())};
      }
      int width = v instanceof BaseVariableWidthVector ? BaseVariableWidthVector.OFFSET_WIDTH
          : v instanceof BaseLargeVariableWidthVector ? BaseLargeVariableWidthVector.OFFSET_WIDTH : 0;
      if (width > 0) {
        if (n == 0) {
          return new Region[0];
        }
        ArrowBuf offsets = v.getOffsetBuffer();
        long size = (long) width * (n + 1);
        offsets.checkBytes(0, size);
        long first = width == 4 ? offsets.getInt(0) : offsets.getLong(0);
        long end = width == 4 ? offsets.getInt(size - width) : offsets.getLong(size - width);
        return new Region[] {region(offsets, 0, size), region(v.getDataBuffer(), first, end - first)};
      }
      return null;
    }

    private static Region region(ArrowBuf buf, long from, long length) {
      if (length == 0) {
        return new Region(0, 0);
      }
      buf.checkBytes(from, from + length);
      return new Region(buf.memoryAddress() + from, length);
    }

    /** Copies region {@code r} into {@code words} from byte {@code at}, split as {@link #same} reads it back. */
    private static void copy(Region r, long[] words, long at) {
      long i = 0;
      if ((at & 7) == 0) {
        int w = (int) (at >>> 3);
        for (; i + 8 <= r.length; i += 8, w++) {
          words[w] = MemoryUtil.getLong(r.address + i);
        }
      }
      for (; i < r.length; i++) {
        long pos = at + i;
        words[(int) (pos >>> 3)] |= (MemoryUtil.getByte(r.address + i) & 0xFFL) << ((pos & 7) << 3);
      }
    }

    /** Whether region {@code r} holds the bytes of {@code words} from byte {@code at}. */
    private static boolean same(Region r, long[] words, long at) {
      long i = 0;
      if ((at & 7) == 0) {
        // word-aligned in the copy (the first region always is): 8 bytes a step
        int w = (int) (at >>> 3);
        for (; i + 8 <= r.length; i += 8, w++) {
          if (MemoryUtil.getLong(r.address + i) != words[w]) {
            return false;
          }
        }
      }
      for (; i < r.length; i++) {
        long pos = at + i;
        byte b = (byte) (words[(int) (pos >>> 3)] >>> ((pos & 7) << 3));
        if (MemoryUtil.getByte(r.address + i) != b) {
          return false;
        }
      }
      return true;
    }
  }
}
