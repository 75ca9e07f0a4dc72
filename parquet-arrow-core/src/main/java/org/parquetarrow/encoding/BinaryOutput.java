package org.parquetarrow.encoding;

import java.nio.ByteOrder;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * Variable-length values laid out as Arrow keeps them: an offsets buffer ({@code valueCount + 1}
 * entries of 32 or 64 bits, starting at 0) and a data buffer, both allocated from the caller's
 * {@link BufferAllocator} and grown by reallocation. Binary decoders append to it; the reader then
 * hands {@link #offsets()} and {@link #data()} to a {@code VarCharVector}, {@code
 * LargeVarCharVector}, {@code VarBinaryVector}, ... (which retain them), and closes this output.
 *
 * <p>This output owns one reference to each buffer until {@link #close()}. A buffer returned by
 * {@link #offsets()} or {@link #data()} is replaced when an append grows it, so fetch them after
 * the last append.
 *
 * <pre>{@code
 * try (var out = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, 1024, 64 * 1024)) {
 *   decoder.read(out, count);
 *   vector.loadFieldBuffers(new ArrowFieldNode(count, 0), List.of(validity, out.offsets(), out.data()));
 * }
 * }</pre>
 */
public final class BinaryOutput implements AutoCloseable {
  /** The size of one offset: {@code INT32} for the plain Arrow types, {@code INT64} for the large ones. */
  public enum OffsetWidth {
    INT32(4, Integer.MAX_VALUE),
    INT64(8, Long.MAX_VALUE);

    final int bytes;
    final long maxData;

    OffsetWidth(int bytes, long maxData) {
      this.bytes = bytes;
      this.maxData = maxData;
    }
  }

  private final BufferAllocator allocator;
  private final OffsetWidth offsetWidth;
  private final boolean wide;
  private ArrowBuf offsets;
  private ArrowBuf data;
  private long offsetsAddress;
  private long dataAddress;
  private int valueCapacity;
  private int valueCount;
  private long dataLength;

  /**
   * Allocates the buffers.
   *
   * @param initialValueCapacity values the offsets buffer holds before it first grows
   * @param initialDataCapacity bytes the data buffer holds before it first grows
   */
  public BinaryOutput(BufferAllocator allocator, OffsetWidth offsetWidth,
      int initialValueCapacity, long initialDataCapacity) {
    this.allocator = Objects.requireNonNull(allocator, "allocator");
    this.offsetWidth = Objects.requireNonNull(offsetWidth, "offsetWidth");
    if (initialValueCapacity < 0 || initialDataCapacity < 0) {
      throw new IllegalArgumentException("negative capacity");
    }
    this.wide = offsetWidth == OffsetWidth.INT64;
    ArrowBuf o = Allocations.buffer(allocator, (long) (initialValueCapacity + 1) * offsetWidth.bytes,
        initialValueCapacity + 1L, "offsets");
    try {
      data = Allocations.buffer(allocator, Math.max(initialDataCapacity, 1), initialDataCapacity, "bytes of values");
    } catch (RuntimeException e) {
      o.close();
      throw e;
    }
    offsets = o;
    valueCapacity = (int) Math.min(o.capacity() / offsetWidth.bytes - 1, Integer.MAX_VALUE - 1);
    offsetsAddress = offsets.memoryAddress();
    dataAddress = data.memoryAddress();
    putOffset(0, 0);
  }

  public OffsetWidth offsetWidth() {
    return offsetWidth;
  }

  /** Values appended so far. */
  public int valueCount() {
    return valueCount;
  }

  /** Bytes of value data appended so far. */
  public long dataLength() {
    return dataLength;
  }

  /** The offsets buffer; entries {@code 0 .. valueCount()} are valid. */
  public ArrowBuf offsets() {
    return offsets;
  }

  /** The data buffer; bytes {@code 0 .. dataLength()} are valid. */
  public ArrowBuf data() {
    return data;
  }

  /** Where value {@code i} starts in {@link #data()} ({@code i == valueCount()} gives the end). */
  public long offset(int i) {
    Objects.checkIndex(i, valueCount + 1);
    return wide ? MemoryUtil.getLong(offsetsAddress + 8L * i) : MemoryUtil.getInt(offsetsAddress + 4L * i);
  }

  /** A copy of value {@code i}; for tests and diagnostics, not for bulk use. */
  public byte[] get(int i) {
    Objects.checkIndex(i, valueCount);
    long start = offset(i);
    byte[] v = new byte[(int) (offset(i + 1) - start)];
    data.getBytes(start, v, 0, v.length);
    return v;
  }

  /** Forgets every value, keeping the buffers for reuse. */
  public void clear() {
    valueCount = 0;
    dataLength = 0;
  }

  /** Appends one value. */
  public void append(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    reserve(1, len);
    appendReserved(src, off, len);
  }

  /** Releases this output's reference to both buffers. */
  @Override
  public void close() {
    offsets.close();
    data.close();
  }

  /**
   * Whether {@code values} more values of {@code bytes} more data bytes fit without growing (and
   * within the offsets' reach), so that {@link #reserve} would change nothing.
   */
  boolean hasRoom(int values, long bytes) {
    long neededBytes = dataLength + bytes;
    return values >= 0 && bytes >= 0 && neededBytes <= data.capacity()
        && neededBytes <= offsetWidth.maxData && (long) valueCount + values <= valueCapacity;
  }

  /** Ensures room for {@code values} more values and {@code bytes} more data bytes. */
  void reserve(int values, long bytes) {
    if (bytes < 0 || values < 0) {
      throw new IllegalArgumentException("negative reservation");
    }
    long neededBytes = dataLength + bytes;
    if (neededBytes > offsetWidth.maxData) {
      throw new UnsupportedFeatureException("binary data over 2 GiB with 32-bit offsets",
          "binary values need " + neededBytes + " bytes, more than 32-bit offsets can address;"
              + " read them into a large (64-bit offset) type");
    }
    if (neededBytes > data.capacity()) {
      long newCapacity = Math.max(neededBytes, Math.min(2 * data.capacity(), offsetWidth.maxData));
      data = grow(data, newCapacity, dataLength);
      dataAddress = data.memoryAddress();
    }
    long neededValues = (long) valueCount + values;
    if (neededValues > valueCapacity) {
      if (neededValues > Integer.MAX_VALUE - 1) {
        throw new IllegalArgumentException("more than " + (Integer.MAX_VALUE - 1) + " values");
      }
      long newCapacity = Math.max(neededValues, Math.min(2L * valueCapacity, Integer.MAX_VALUE - 1));
      offsets = grow(offsets, (newCapacity + 1) * offsetWidth.bytes,
          (long) (valueCount + 1) * offsetWidth.bytes);
      offsetsAddress = offsets.memoryAddress();
      valueCapacity =
          (int) Math.min(offsets.capacity() / offsetWidth.bytes - 1, Integer.MAX_VALUE - 1);
    }
  }

  private ArrowBuf grow(ArrowBuf old, long capacity, long used) {
    ArrowBuf bigger = Allocations.buffer(allocator, capacity, capacity, old == offsets ? "bytes of offsets" : "bytes of values");
    bigger.setBytes(0, old, 0, used);
    old.close();
    return bigger;
  }

  /** Appends one value whose room was reserved. */
  void appendReserved(byte[] src, int off, int len) {
    // cheap insurance: a raw memory copy would not notice a bad source range
    Objects.checkFromIndexSize(off, len, src.length);
    MemoryUtil.copyToMemory(src, off, dataAddress + dataLength, len);
    dataLength += len;
    putOffset(++valueCount, dataLength);
  }

  /**
   * Appends one value like {@link #appendReserved}, for short values: when the source array and
   * the data buffer both have {@value #WORD_COPY_MAX} bytes of room from the value's start, it
   * copies that many bytes as whole 8-byte words, always the same number (no branch on the
   * length), which costs far less than a memory copy call per value. The bytes written past the
   * value's end lie beyond {@code dataLength}: the next value overwrites them, or they stay unused
   * capacity. Room for the value itself must have been reserved.
   */
  void appendReservedShort(byte[] src, int off, int len) {
    if (off >= 0 && len >= 0 && len <= WORD_COPY_MAX && off <= src.length - WORD_COPY_MAX
        && dataLength + WORD_COPY_MAX <= data.capacity()) {
      copyValue(src, off, len, dataAddress + dataLength);
      dataLength += len;
      putOffset(++valueCount, dataLength);
    } else {
      appendReserved(src, off, len);
    }
  }

  /**
   * Appends the entries {@code ids[off .. off + n)} of a dictionary held as {@code src} with entry
   * {@code i} at {@code [offsets[i], offsets[i + 1])}, each copied as {@code words} whole 8-byte
   * words (1..6). The caller guarantees what makes that safe without a check per value: the ids
   * are valid, every entry is at most {@code 8 * words} bytes long, {@code src} has {@code 8 *
   * words} readable bytes from every entry's start, and the data buffer has room for the values'
   * bytes plus {@code 8 * words} (and the offsets for {@code n} more values).
   */
  void appendWords(byte[] src, int[] offsets, int[] ids, int off, int n, int words) {
    if (words < 1 || words > WORD_COPY_MAX / 8) {
      throw new IllegalArgumentException("words " + words);
    }
    long end = dataLength;
    long dst = dataAddress;
    int count = valueCount;
    switch (words) {
      case 1 -> {
        for (int i = off; i < off + n; i++) {
          int start = offsets[ids[i]];
          MemoryUtil.putLong(dst + end, MemoryUtil.getLong(src, start));
          end += offsets[ids[i] + 1] - start;
          putOffset(++count, end);
        }
      }
      case 2 -> {
        for (int i = off; i < off + n; i++) {
          int start = offsets[ids[i]];
          MemoryUtil.putLong(dst + end, MemoryUtil.getLong(src, start));
          MemoryUtil.putLong(dst + end + 8, MemoryUtil.getLong(src, start + 8));
          end += offsets[ids[i] + 1] - start;
          putOffset(++count, end);
        }
      }
      default -> {
        for (int i = off; i < off + n; i++) {
          int start = offsets[ids[i]];
          for (int w = 0; w < words; w++) {
            MemoryUtil.putLong(dst + end + 8 * w, MemoryUtil.getLong(src, start + 8 * w));
          }
          end += offsets[ids[i] + 1] - start;
          putOffset(++count, end);
        }
      }
    }
    valueCount = count;
    dataLength = end;
  }

  /**
   * Appends {@code rows} entries, one per row, like {@link #appendWords}: a row whose validity bit
   * (at address {@code validity}, bits from {@code bitOffset}, checked by the caller) is set takes
   * the entry of the next index of {@code dense[0 .. valid)}, any other row the entry {@code
   * empty} (the dictionary's empty one). Choosing the index and copying its words is one loop
   * without a branch per row: the rows' indices are never written out and checked a second time.
   * The caller guarantees what {@link #appendWords} needs, for the dense indices and for {@code
   * empty}, that {@code dense} has a slot past the last index (read, then not used, after it) and
   * room for {@code rows} values; exactly {@code valid} of the bits must be set.
   */
  void appendWordsSpaced(byte[] src, int[] offsets, int[] dense, int valid, long validity, long bitOffset,
      int rows, int words, int empty) {
    if (words < 1 || words > WORD_COPY_MAX / 8) {
      throw new IllegalArgumentException("words " + words);
    }
    Objects.checkIndex(valid, dense.length);
    if ((long) valueCount + rows > valueCapacity) {
      throw new IllegalStateException("room for " + rows + " values was not reserved");
    }
    long end = dataLength;
    long dst = dataAddress;
    int count = valueCount;
    int k = 0;
    for (int base = 0; base < rows; base += 64) {
      int chunk = Math.min(64, rows - base);
      long bits = Bitmaps.read(validity, bitOffset + base, chunk);
      if (Long.bitCount(bits) > valid - k) {
        throw new IllegalStateException("validity has more set bits than the " + valid + " values to place");
      }
      switch (words) {
        case 1 -> {
          for (int t = 0; t < chunk; t++) {
            int set = (int) (bits >>> t) & 1;
            int id = set != 0 ? dense[k] : empty;
            k += set;
            int start = offsets[id];
            MemoryUtil.putLong(dst + end, MemoryUtil.getLong(src, start));
            end += offsets[id + 1] - start;
            putOffset(++count, end);
          }
        }
        case 2 -> {
          for (int t = 0; t < chunk; t++) {
            int set = (int) (bits >>> t) & 1;
            int id = set != 0 ? dense[k] : empty;
            k += set;
            int start = offsets[id];
            MemoryUtil.putLong(dst + end, MemoryUtil.getLong(src, start));
            MemoryUtil.putLong(dst + end + 8, MemoryUtil.getLong(src, start + 8));
            end += offsets[id + 1] - start;
            putOffset(++count, end);
          }
        }
        default -> {
          for (int t = 0; t < chunk; t++) {
            int set = (int) (bits >>> t) & 1;
            int id = set != 0 ? dense[k] : empty;
            k += set;
            int start = offsets[id];
            for (int w = 0; w < words; w++) {
              MemoryUtil.putLong(dst + end + 8 * w, MemoryUtil.getLong(src, start + 8 * w));
            }
            end += offsets[id + 1] - start;
            putOffset(++count, end);
          }
        }
      }
    }
    if (k != valid) {
      throw new IllegalStateException("validity has " + k + " set bits, " + valid + " values to place");
    }
    valueCount = count;
    dataLength = end;
  }

  /** Longest value {@link #appendReservedShort} copies word by word. */
  static final int WORD_COPY_MAX = 48;

  /**
   * Appends {@code n} PLAIN BYTE_ARRAY values (each a 4-byte little-endian length, then its bytes)
   * read from {@code src} at {@code pos}, none reaching past {@code limit}, in one pass: each length
   * is checked against the bytes left, the value copied and its end offset written. Returns the
   * position after the last value. On corrupt input nothing is appended (this output's counts
   * change only at the end). The caller reserved room for {@code n} values and {@code limit - pos
   * + WORD_COPY_MAX} bytes: the values' bytes are fewer than {@code limit - pos}, which is what
   * lets each one be copied as whole words without a check against the data buffer.
   *
   * @throws CorruptFileException if a length is negative or runs past {@code limit}
   */
  int appendPlain(byte[] src, int pos, int limit, int n) {
    checkPlainRoom(src, pos, limit, n);
    long end = dataLength;
    int count = valueCount;
    int p = pos;
    int fast = fastLimit(src, limit);
    for (int i = 0; i < n; i++) {
      int len;
      if (p <= fast && Integer.compareUnsigned(len = MemoryUtil.getInt(src, p), WORD_COPY_MAX) <= 0) {
        copyWords(src, p + 4, dataAddress + end);
      } else {
        len = plainLength(src, p, limit, i, n);
        copyValue(src, p + 4, len, dataAddress + end);
      }
      end += len;
      p += 4 + len;
      putOffset(++count, end);
    }
    valueCount = count;
    dataLength = end;
    return p;
  }

  /**
   * Appends {@code rows} entries, one per row: a row whose bit in the validity bitmap at address
   * {@code validity} (bits from {@code bitOffset}; the caller checked they lie in the bitmap) is
   * set takes the next PLAIN BYTE_ARRAY value from {@code src} as {@link #appendPlain} reads them,
   * a row whose bit is clear an empty entry, so that the offsets come out one per row and need no
   * spreading afterwards. Exactly {@code nonNull} bits must be set. Room as for {@link
   * #appendPlain}, with {@code rows} values.
   *
   * @throws CorruptFileException if a length is negative or runs past {@code limit}
   */
  int appendPlainSpaced(byte[] src, int pos, int limit, int nonNull, long validity, long bitOffset,
      int rows) {
    checkPlainRoom(src, pos, limit, rows);
    long end = dataLength;
    long dst = dataAddress;
    int count = valueCount;
    int p = pos;
    int fast = fastLimit(src, limit);
    int taken = 0;
    for (int base = 0; base < rows; base += 64) {
      int chunk = Math.min(64, rows - base);
      long bits = Bitmaps.read(validity, bitOffset + base, chunk);
      if (Long.bitCount(bits) > nonNull - taken) {
        throw new IllegalStateException(
            "validity has more set bits than the " + nonNull + " values to place");
      }
      for (int t = 0; t < chunk; t++) {
        if ((bits & (1L << t)) != 0) {
          int len;
          if (p <= fast && Integer.compareUnsigned(len = MemoryUtil.getInt(src, p), WORD_COPY_MAX) <= 0) {
            copyWords(src, p + 4, dst + end);
          } else {
            len = plainLength(src, p, limit, taken, nonNull);
            copyValue(src, p + 4, len, dst + end);
          }
          end += len;
          p += 4 + len;
          taken++;
        }
        putOffset(++count, end);
      }
    }
    if (taken != nonNull) {
      throw new IllegalStateException(
          "validity has " + taken + " set bits, " + nonNull + " values to place");
    }
    valueCount = count;
    dataLength = end;
    return p;
  }

  /**
   * The last position of {@code src} (limit {@code limit}, checked) at which a PLAIN value's length
   * and {@value #WORD_COPY_MAX} bytes after it lie before the limit: a value starting there whose
   * length is at most {@value #WORD_COPY_MAX} (one unsigned comparison, which also refuses a
   * negative one) is complete and can be copied as whole words without any other check; others
   * take the checked path.
   */
  private static int fastLimit(byte[] src, int limit) {
    // the fast path reads the length in the platform's order, which Parquet's is only on little-endian
    return NATIVE_LITTLE_ENDIAN ? Math.min(limit, src.length) - (4 + WORD_COPY_MAX) : Integer.MIN_VALUE;
  }

  private static final boolean NATIVE_LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

  private void checkPlainRoom(byte[] src, int pos, int limit, int values) {
    Objects.checkFromToIndex(pos, limit, src.length);
    if (!hasRoom(values, (long) limit - pos + WORD_COPY_MAX)) {
      throw new IllegalStateException("room for " + values + " values of up to "
          + (limit - pos) + " bytes was not reserved");
    }
  }

  /**
   * The length of PLAIN value {@code i} of {@code n} at {@code p}, checked against the bytes
   * before {@code limit}.
   *
   * @throws CorruptFileException if the length is cut off, negative or runs past {@code limit}
   */
  static int plainLength(byte[] src, int p, int limit, int i, int n) {
    if (limit - p < 4) {
      throw new CorruptFileException(PLAIN + ": value " + i + " of " + n
          + ": the page ends before its length at byte " + p);
    }
    int len = LittleEndian.getInt(src, p);
    if (len < 0 || len > limit - p - 4) {
      throw new CorruptFileException(PLAIN + ": value length " + Integer.toUnsignedString(len)
          + " at byte " + p + " exceeds the " + (limit - p - 4) + " bytes left in the page");
    }
    return len;
  }

  private static final String PLAIN = "PLAIN BYTE_ARRAY";

  /**
   * Copies {@code src[from .. from + len)} to {@code dst}; a short value whose source has room for
   * it as {@value #WORD_COPY_MAX} bytes goes as six whole words (no length-dependent branch), the
   * bytes past its end landing where the next value or unused capacity is. The caller checked the
   * source range and has {@value #WORD_COPY_MAX} bytes of room at {@code dst}.
   */
  private static void copyValue(byte[] src, int from, int len, long dst) {
    if (len <= WORD_COPY_MAX && from <= src.length - WORD_COPY_MAX) {
      copyWords(src, from, dst);
    } else {
      MemoryUtil.copyToMemory(src, from, dst, len);
    }
  }

  /** Copies {@value #WORD_COPY_MAX} bytes from {@code src[from ..]} (checked by the caller) to {@code dst}. */
  private static void copyWords(byte[] src, int from, long dst) {
    MemoryUtil.putLong(dst, MemoryUtil.getLong(src, from));
    MemoryUtil.putLong(dst + 8, MemoryUtil.getLong(src, from + 8));
    MemoryUtil.putLong(dst + 16, MemoryUtil.getLong(src, from + 16));
    MemoryUtil.putLong(dst + 24, MemoryUtil.getLong(src, from + 24));
    MemoryUtil.putLong(dst + 32, MemoryUtil.getLong(src, from + 32));
    MemoryUtil.putLong(dst + 40, MemoryUtil.getLong(src, from + 40));
  }

  /**
   * Spreads the last {@code nonNull} entries, appended densely, over the last {@code rows}
   * entries: the entry of a row whose validity bit (at address {@code validity}, bits from {@code
   * bitOffset}, checked by the caller) is clear becomes empty. For decoders that have no placing
   * read of their own. Exactly {@code nonNull} of the bits must be set, and room for {@code rows -
   * nonNull} more values reserved.
   */
  void spreadLast(int nonNull, int rows, long validity, long bitOffset) {
    if (nonNull < 0 || nonNull > rows || nonNull > valueCount
        || (long) valueCount - nonNull + rows > valueCapacity) {
      throw new IllegalArgumentException("spread " + nonNull + " of " + valueCount
          + " values over " + rows + " rows, room for " + valueCapacity);
    }
    long set = 0;
    for (int base = 0; base < rows; base += 64) {
      set += Long.bitCount(Bitmaps.read(validity, bitOffset + base, Math.min(64, rows - base)));
    }
    if (set != nonNull) {
      throw new IllegalStateException("validity has " + set + " set bits, " + nonNull + " values to spread");
    }
    int first = valueCount - nonNull;
    // entry first + s + 1 (the end of row s) is the end of dense value k, k counting the valid
    // rows up to s: walked from the top down so that no offset is overwritten before it is read
    int k = nonNull;
    int j = rows;
    while (j > k) {
      int chunk = Math.min(64, j);
      int low = j - chunk;
      long mask = Bitmaps.read(validity, bitOffset + low, chunk);
      for (int t = chunk - 1; t >= 0; t--) {
        putOffset(first + low + t + 1, offsetAt(first + k));
        k -= (int) (mask >>> t) & 1;
      }
      j = low;
    }
    valueCount = first + rows;
  }

  private long offsetAt(int index) {
    return wide ? MemoryUtil.getLong(offsetsAddress + 8L * index) : MemoryUtil.getInt(offsetsAddress + 4L * index);
  }

  /**
   * Appends {@code n} values whose lengths are {@code lengths[from ..]} and whose bytes lie back to
   * back at {@code src[srcOff ..]}; the lengths are non-negative and their room was reserved.
   */
  void appendConcatenated(int[] lengths, int from, int n, byte[] src, int srcOff, long totalBytes) {
    Objects.checkFromIndexSize(srcOff, totalBytes, src.length);
    MemoryUtil.copyToMemory(src, srcOff, dataAddress + dataLength, totalBytes);
    long end = dataLength;
    for (int i = 0; i < n; i++) {
      end += lengths[from + i];
      putOffset(++valueCount, end);
    }
    dataLength = end;
  }

  private void putOffset(int index, long value) {
    if (wide) {
      MemoryUtil.putLong(offsetsAddress + 8L * index, value);
    } else {
      MemoryUtil.putInt(offsetsAddress + 4L * index, (int) value);
    }
  }
}
