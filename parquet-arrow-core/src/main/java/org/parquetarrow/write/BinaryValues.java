package org.parquetarrow.write;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.bloom.BloomFilterBuilder;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 values, back to back in one array with offsets.
 * Gathering ({@link BinaryGather}) converts decimals to big-endian two's complement of the
 * column's width, timestamps to INT96 (nanoseconds of the day, then the Julian day), and reads
 * every Arrow binary layout (32- and 64-bit offsets, views, fixed size, float16); statistics
 * compare in {@link BinaryOrder}.
 */
final class BinaryValues extends LeafValues {
  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** The column's value width; 0 for BYTE_ARRAY. */
  final int fixedWidth;
  /** Timestamps written as INT96, whose values the source's unit times this are nanoseconds. */
  final boolean int96;
  final long int96Multiplier;

  byte[] data = new byte[0];
  int[] offsets = new int[1];
  private final BytesHashTable dictionary = new BytesHashTable();
  /** Ids of fixed-width keys of at most 8 bytes, packed big-endian into a long (see {@link #packedDictionaryIds}). */
  private final LongHashTable packed = new LongHashTable();

  /** Per dictionary id, the epoch of the last page whose statistics took it in. */
  private int[] pageSeen = new int[0];
  private int pageEpoch = 1;
  /** Distinct dictionary ids the open page's statistics took in (those marked with its epoch). */
  private int pageDistinct;
  private byte[] pageMin;
  private byte[] pageMax;
  private byte[] chunkMin;
  private byte[] chunkMax;

  BinaryValues(PrimitiveNode node, ArrowType arrowType, boolean statistics) {
    super(statistics ? ValueOrder.of(node) : ValueOrder.NONE);
    this.int96 = node.physicalType() == PhysicalType.INT96;
    this.fixedWidth = int96 ? 12 : node.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY ? node.typeLength() : 0;
    long m = 1;
    if (int96 && arrowType instanceof ArrowType.Timestamp t) {
      m = switch (t.getUnit()) {
        case SECOND -> 1_000_000_000L;
        case MILLISECOND -> 1_000_000L;
        case MICROSECOND -> 1_000L;
        case NANOSECOND -> 1L;
      };
    }
    this.int96Multiplier = m;
  }

  @Override
  void gather(ValueVector vector, int[] idx, int n) {
    count = n;
    if (offsets.length < n + 1) {
      offsets = new int[Math.max(n + 1, offsets.length + (offsets.length >> 1))];
    }
    BinaryGather.gather(this, vector, idx, n);
  }

  @Override
  boolean gathersMoreThan(ValueVector vector, int[] idx, int n, long limit) {
    return BinaryGather.gathersMoreThan(this, vector, idx, n, limit);
  }

  @Override
  long meanValueBytes() {
    return count == 0 ? 0 : offsets[count] / count;
  }

  /** Makes {@link #data} hold at least {@code total} bytes (its content is not kept). */
  void ensureData(long total) {
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("a batch holds more than 2 GiB of binary values in one column");
    }
    if (data.length < total) {
      data = new byte[(int) Math.min(Integer.MAX_VALUE - 16, Math.max(total, data.length + (long) (data.length >> 1)))];
    }
  }

  @Override
  long plainSize(int from, int to) {
    long bytes = offsets[to] - offsets[from];
    return fixedWidth == 0 ? bytes + 4L * (to - from) : bytes;
  }

  @Override
  void writePlain(int from, int to, ByteSink sink) {
    if (fixedWidth > 0) {
      sink.write(data, offsets[from], offsets[to] - offsets[from]);
      return;
    }
    sink.writeLengthPrefixed(data, offsets, from, to);
  }

  @Override
  long unencodedByteArrayBytes(int from, int to) {
    return fixedWidth == 0 ? offsets[to] - offsets[from] : 0;
  }

  @Override
  void dictionaryIds(int from, int to, int[] out, int outOffset) {
    if (fixedWidth > 0 && fixedWidth <= 8) {
      packedDictionaryIds(from, to, out, outOffset);
      return;
    }
    for (int i = from; i < to; i++) {
      out[outOffset++] = dictionary.idOf(data, offsets[i], offsets[i + 1] - offsets[i]);
    }
  }

  /**
   * Keys of at most 8 bytes (decimals up to 18 digits, short fixed binaries) are looked up packed
   * into a long: no byte hashing, no key bytes to compare. New keys are also stored in {@link
   * #dictionary}, which keeps them in id order for the dictionary page and statistics.
   */
  private void packedDictionaryIds(int from, int to, int[] out, int outOffset) {
    int w = fixedWidth;
    byte[] d = data;
    for (int i = from; i < to; i++) {
      int at = offsets[i];
      long key = 0;
      for (int k = 0; k < w; k++) {
        key = (key << 8) | (d[at + k] & 0xffL);
      }
      int id = packed.idOf(key);
      if (id == dictionary.size()) {
        dictionary.append(d, at, w);
      }
      out[outOffset++] = id;
    }
  }

  @Override
  void writePlainFromDictionary(int[] ids, int n, ByteSink sink) {
    byte[] d = dictionary.data();
    for (int i = 0; i < n; i++) {
      int len = dictionary.length(ids[i]);
      if (fixedWidth == 0) {
        sink.writeIntLe(len);
      }
      sink.write(d, dictionary.offset(ids[i]), len);
    }
  }

  @Override
  int dictionarySize() {
    return dictionary.size();
  }

  @Override
  long dictionaryPlainSize() {
    return dictionary.dataSize() + (fixedWidth == 0 ? 4L * dictionary.size() : 0);
  }

  @Override
  void writeDictionary(ByteSink sink) {
    byte[] d = dictionary.data();
    for (int id = 0; id < dictionary.size(); id++) {
      int len = dictionary.length(id);
      if (fixedWidth == 0) {
        sink.writeIntLe(len);
      }
      sink.write(d, dictionary.offset(id), len);
    }
  }

  @Override
  void clearDictionary() {
    dictionary.clear();
    packed.clear();
  }

  @Override
  void updateStatistics(int from, int to) {
    if (order == ValueOrder.NONE || from >= to) {
      return;
    }
    if (order == ValueOrder.UNSIGNED_BYTES) {
      updateUnsignedStatistics(from, to);
      return;
    }
    int min = -1;
    int max = -1;
    for (int i = from; i < to; i++) {
      if (order == ValueOrder.FLOAT16 && Float16.isNaN(data, offsets[i])) {
        pageNans++;
        continue;
      }
      if (min < 0) {
        min = i;
        max = i;
        continue;
      }
      if (compare(i, min) < 0) {
        min = i;
      }
      if (compare(i, max) > 0) {
        max = i;
      }
    }
    if (min < 0) {
      return;
    }
    if (pageMin == null || compare(data, offsets[min], offsets[min + 1], pageMin, 0, pageMin.length) < 0) {
      pageMin = Arrays.copyOfRange(data, offsets[min], offsets[min + 1]);
    }
    if (pageMax == null || compare(data, offsets[max], offsets[max + 1], pageMax, 0, pageMax.length) > 0) {
      pageMax = Arrays.copyOfRange(data, offsets[max], offsets[max + 1]);
    }
  }

  /**
   * {@link #updateStatistics} in unsigned order: each value's first 8 bytes, as an unsigned
   * number, decide against the min's and max's unless they are equal (then the whole values do).
   */
  private void updateUnsignedStatistics(int from, int to) {
    int min = from;
    int max = from;
    long minKey = orderPrefix(from);
    long maxKey = minKey;
    for (int i = from + 1; i < to; i++) {
      long key = orderPrefix(i);
      int toMin = Long.compareUnsigned(key, minKey);
      if (toMin < 0 || (toMin == 0 && compare(i, min) < 0)) {
        min = i;
        minKey = key;
      }
      int toMax = Long.compareUnsigned(key, maxKey);
      if (toMax > 0 || (toMax == 0 && compare(i, max) > 0)) {
        max = i;
        maxKey = key;
      }
    }
    if (pageMin == null || compare(data, offsets[min], offsets[min + 1], pageMin, 0, pageMin.length) < 0) {
      pageMin = Arrays.copyOfRange(data, offsets[min], offsets[min + 1]);
    }
    if (pageMax == null || compare(data, offsets[max], offsets[max + 1], pageMax, 0, pageMax.length) > 0) {
      pageMax = Arrays.copyOfRange(data, offsets[max], offsets[max + 1]);
    }
  }

  /** The first 8 bytes of value {@code i}, zero-padded, as an unsigned big-endian number. */
  private long orderPrefix(int i) {
    int at = offsets[i];
    int len = offsets[i + 1] - at;
    if (len >= 8) {
      return (long) BIG_ENDIAN_LONGS.get(data, at);
    }
    long p = 0;
    for (int k = 0; k < 8; k++) {
      p = (p << 8) | (k < len ? data[at + k] & 0xffL : 0);
    }
    return p;
  }

  /**
   * The page's min/max from dictionary ids: each distinct id of the page is compared once (the
   * first time the page meets it), so a page of a few distinct values costs a few comparisons.
   * FLOAT16, whose NaNs are counted per value, takes the per-value path.
   */
  @Override
  void updateStatisticsFromDictionary(int from, int to, int[] ids, int idOffset) {
    if (order != ValueOrder.UNSIGNED_BYTES && order != ValueOrder.SIGNED_BYTES) {
      updateStatistics(from, to);
      return;
    }
    int size = dictionary.size();
    if (from >= to || pageDistinct == size) {
      // every entry of the dictionary is in the page's bounds already (a small dictionary, after
      // the page's first few values): these values, all entries, change nothing
      return;
    }
    if (pageSeen.length < size) {
      pageSeen = Arrays.copyOf(pageSeen, Math.max(size, pageSeen.length * 2));
    }
    int[] seen = pageSeen;
    int epoch = pageEpoch;
    byte[] d = dictionary.data();
    int min = -1;
    int max = -1;
    boolean packedKeys = fixedWidth > 0 && fixedWidth <= 8;
    // packed keys compare as longs: big-endian bytes unsigned, or sign-extended for decimals
    int shift = 64 - 8 * fixedWidth;
    boolean signed = order == ValueOrder.SIGNED_BYTES;
    long minKey = 0;
    long maxKey = 0;
    for (int k = idOffset, end = idOffset + (to - from); k < end; k++) {
      int id = ids[k];
      if (seen[id] == epoch) {
        continue;
      }
      seen[id] = epoch;
      pageDistinct++;
      if (packedKeys) {
        long key = signed ? (packed.key(id) << shift) >> shift : packed.key(id);
        if (min < 0) {
          min = id;
          max = id;
          minKey = key;
          maxKey = key;
        } else if (signed ? key < minKey : Long.compareUnsigned(key, minKey) < 0) {
          min = id;
          minKey = key;
        } else if (signed ? key > maxKey : Long.compareUnsigned(key, maxKey) > 0) {
          max = id;
          maxKey = key;
        }
        continue;
      }
      if (min < 0) {
        min = id;
        max = id;
        minKey = dictionary.orderPrefix(id);
        maxKey = minKey;
        continue;
      }
      if (!signed) {
        // unsigned order: the 8-byte prefixes decide unless they are equal
        long key = dictionary.orderPrefix(id);
        int toMin = Long.compareUnsigned(key, minKey);
        if (toMin < 0 || (toMin == 0 && compareEntries(id, min) < 0)) {
          min = id;
          minKey = key;
        }
        int toMax = Long.compareUnsigned(key, maxKey);
        if (toMax > 0 || (toMax == 0 && compareEntries(id, max) > 0)) {
          max = id;
          maxKey = key;
        }
        continue;
      }
      int o = dictionary.offset(id);
      int oEnd = o + dictionary.length(id);
      if (compare(d, o, oEnd, d, dictionary.offset(min), dictionary.offset(min) + dictionary.length(min)) < 0) {
        min = id;
      }
      if (compare(d, o, oEnd, d, dictionary.offset(max), dictionary.offset(max) + dictionary.length(max)) > 0) {
        max = id;
      }
    }
    if (min < 0) {
      return;
    }
    int minFrom = dictionary.offset(min);
    int minTo = minFrom + dictionary.length(min);
    int maxFrom = dictionary.offset(max);
    int maxTo = maxFrom + dictionary.length(max);
    if (pageMin == null || compare(d, minFrom, minTo, pageMin, 0, pageMin.length) < 0) {
      pageMin = Arrays.copyOfRange(d, minFrom, minTo);
    }
    if (pageMax == null || compare(d, maxFrom, maxTo, pageMax, 0, pageMax.length) > 0) {
      pageMax = Arrays.copyOfRange(d, maxFrom, maxTo);
    }
  }

  /** Compares dictionary entries {@code a} and {@code b}. */
  private int compareEntries(int a, int b) {
    byte[] d = dictionary.data();
    int ao = dictionary.offset(a);
    int bo = dictionary.offset(b);
    return compare(d, ao, ao + dictionary.length(a), d, bo, bo + dictionary.length(b));
  }

  private int compare(int a, int b) {
    return compare(data, offsets[a], offsets[a + 1], data, offsets[b], offsets[b + 1]);
  }

  private int compare(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
    return switch (order) {
      case SIGNED_BYTES -> BinaryOrder.compareSigned(a, aFrom, aTo, b, bFrom, bTo);
      // type order takes -0 and +0 as equal; total order puts -0 first
      case FLOAT16 -> totalOrder() ? Float.compare(Float16.toFloat(a, aFrom), Float16.toFloat(b, bFrom))
          : Float.compare(Float16.toFloat(a, aFrom) + 0.0f, Float16.toFloat(b, bFrom) + 0.0f);
      default -> BinaryOrder.compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
    };
  }

  @Override
  boolean pageHasMinMax() {
    return pageMin != null;
  }

  @Override
  byte[] pageMin() {
    return order == ValueOrder.FLOAT16 && !totalOrder() ? Float16.signedZero(pageMin, true) : pageMin;
  }

  @Override
  byte[] pageMax() {
    return order == ValueOrder.FLOAT16 && !totalOrder() ? Float16.signedZero(pageMax, false) : pageMax;
  }

  @Override
  void endPageStatistics() {
    // ids met by updateStatisticsFromDictionary are marked with the page's epoch; a new page, a new epoch
    pageEpoch++;
    pageDistinct = 0;
    if (pageMin != null) {
      if (chunkMin == null || compare(pageMin, 0, pageMin.length, chunkMin, 0, chunkMin.length) < 0) {
        chunkMin = pageMin;
      }
      if (chunkMax == null || compare(pageMax, 0, pageMax.length, chunkMax, 0, chunkMax.length) > 0) {
        chunkMax = pageMax;
      }
    }
    pageMin = null;
    pageMax = null;
  }

  @Override
  boolean chunkHasMinMax() {
    return chunkMin != null;
  }

  @Override
  byte[] chunkMin() {
    return order == ValueOrder.FLOAT16 && !totalOrder() ? Float16.signedZero(chunkMin, true) : chunkMin;
  }

  @Override
  byte[] chunkMax() {
    return order == ValueOrder.FLOAT16 && !totalOrder() ? Float16.signedZero(chunkMax, false) : chunkMax;
  }

  @Override
  void resetChunkStatistics() {
    chunkMin = null;
    chunkMax = null;
    pageMin = null;
    pageMax = null;
    pageEpoch++;
    pageDistinct = 0;
  }

  @Override
  void addHashes(int from, int to, BloomFilterBuilder filter) {
    for (int i = from; i < to; i++) {
      filter.insert(SplitBlockBloomFilter.hashBytes(data, offsets[i], offsets[i + 1] - offsets[i]));
    }
  }
}
