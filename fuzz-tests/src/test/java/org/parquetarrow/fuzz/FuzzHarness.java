package org.parquetarrow.fuzz;

import java.util.function.Consumer;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.AllocationOutcome;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.BaseRepeatedValueVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.util.ValueVectorUtility;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * What every target shares: the rule of what counts as a finding, and reading a file to the end.
 *
 * <p>A finding is anything but a {@link ParquetException}: another exception (a
 * ClassCastException, an IndexOutOfBounds, an Arrow {@code OutOfMemoryException} from the bounded
 * allocator), a typed error after the allocator refused memory that an input of that size and
 * footer cannot need (see {@link #memoryLimit}), memory left allocated once the reader is closed,
 * or a batch whose vectors fail Arrow's full validation (offsets outside the data, a wrong value count). Time is bounded by each target's
 * {@code @Timeout}, which Jazzer also takes as its per-input limit.
 */
final class FuzzHarness {
  /**
   * Memory no input may exceed. Inputs are at most a few hundred KiB (Jazzer's default
   * {@code -max_len} for seeds that size); each input gets less, see {@link #memoryLimit}.
   */
  static final long MEMORY_LIMIT = 256L << 20;

  /**
   * What any input may use whatever its footer says: a small file's pages, decompressed and decoded
   * into a few batches, with Arrow's power-of-two rounding, stay far below this.
   */
  static final long BASE_ALLOWANCE = 16L << 20;

  /** Bytes of memory per byte of input allowed beyond {@link #BASE_ALLOWANCE}. */
  static final long PER_INPUT_BYTE = 64;

  /** Small batches, so a bad row count fails on its first batch rather than after many. */
  static final int BATCH_ROWS = 1024;

  /** The largest page accepted: well inside {@link #MEMORY_LIMIT}, as a user with that limit sets it. */
  static final int MAX_PAGE_SIZE = 64 << 20;

  private FuzzHarness() {}

  /**
   * Runs {@code body} with a fresh allocator bounded by {@link #MEMORY_LIMIT}; a
   * {@link ParquetException} is the expected end of a bad input, anything else propagates, and
   * memory still allocated afterwards fails the input. For targets whose input is not a file.
   */
  static void withAllocator(Consumer<BufferAllocator> body) {
    withAllocator(MEMORY_LIMIT, "", body);
  }

  /**
   * As {@link #withAllocator(Consumer)}, for reading {@code file}, with the allocator bounded by
   * {@link #memoryLimit}: a typed error that the allocator refused memory is then a finding too. An
   * allocation refusal became a typed {@code ParquetException} in session 12, so without this
   * bound a missing size check (a few bytes claiming a huge page or count) would end "typed" and
   * pass unnoticed.
   */
  static void withAllocator(byte[] file, FileDecryptionProperties keys, Consumer<BufferAllocator> body) {
    long declared = declaredBytes(file, keys);
    long limit = memoryLimit(file.length, declared);
    withAllocator(limit, " (input of " + file.length + " bytes; its footer declares at most "
        + declared + " bytes a batch may need)", body);
  }

  private static void withAllocator(long limit, String context, Consumer<BufferAllocator> body) {
    long[] largestRefused = {-1};
    AllocationListener refusals = new AllocationListener() {
      @Override
      public boolean onFailedAllocation(long size, AllocationOutcome outcome) {
        largestRefused[0] = Math.max(largestRefused[0], size);
        return false;
      }
    };
    RootAllocator allocator = new RootAllocator(refusals, limit);
    try {
      body.accept(allocator);
    } catch (ParquetException expected) {
      // the typed error a bad input should end in, unless it hides a refused allocation below
      if (limit < MEMORY_LIMIT && largestRefused[0] >= 0) {
        AssertionError finding = new AssertionError("the allocator (limit " + limit + ") refused a request of "
            + largestRefused[0] + " bytes" + context + ": a size was trusted before it was checked");
        finding.initCause(expected);
        closeQuietly(allocator);
        throw finding;
      }
    }
    long left = allocator.getAllocatedMemory();
    if (left != 0) {
      String detail = allocator.toVerboseString();
      throw new AssertionError("leak: " + left + " bytes still allocated after the reader closed\n" + detail);
    }
    allocator.close();
  }

  private static void closeQuietly(RootAllocator allocator) {
    if (allocator.getAllocatedMemory() == 0) {
      allocator.close();
    }
  }

  /**
   * The allocator limit for an input of {@code inputBytes} whose footer declares {@code declared}
   * bytes a batch may legitimately need: {@code 64 x input + 16 MiB}, or the declared size where
   * that is larger, never more than {@link #MEMORY_LIMIT}.
   */
  static long memoryLimit(long inputBytes, long declared) {
    long own = BASE_ALLOWANCE + PER_INPUT_BYTE * inputBytes;
    return Math.min(MEMORY_LIMIT, Math.max(own, declared));
  }

  /**
   * What the footer of {@code file} says reading it may legitimately need, generously: per row
   * group, twice its uncompressed chunk bytes (pages, decompressed, and a page read ahead) plus, per
   * column chunk, the values one batch may hold (a flat column {@link #BATCH_ROWS}, a repeated one
   * every value of the chunk) times the widest a value can be (its fixed width; for BYTE_ARRAY the
   * whole chunk, as a dictionary can repeat its longest entry), doubled for Arrow's growth by
   * doubling. 0 when the footer does not parse: then only the input's own size counts.
   */
  static long declaredBytes(byte[] file, FileDecryptionProperties keys) {
    FileMetaData metadata;
    try {
      metadata = ParquetFooter.read(new ByteBufferInputFile("fuzz.parquet", file), keys).metadata();
    } catch (RuntimeException notAFooter) {
      return 0;
    }
    long widestFixed = 12;
    for (SchemaElement e : metadata.schema()) {
      if (e.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY && e.typeLength() != null) {
        widestFixed = Math.max(widestFixed, e.typeLength());
      }
    }
    long most = 0;
    for (RowGroup g : metadata.rowGroups()) {
      long group = 2 * saturated(Math.max(0, g.totalByteSize()));
      for (ColumnChunk c : g.columns()) {
        ColumnMetaData m = c.metaData();
        if (m == null) {
          group = MEMORY_LIMIT;  // encrypted metadata this footer read did not open: no bound known
          continue;
        }
        long chunk = saturated(Math.max(0, m.totalUncompressedSize()));
        long values = Math.max(0, m.numValues());
        long width = switch (m.type()) {
          case BYTE_ARRAY -> 8 + chunk;
          case FIXED_LEN_BYTE_ARRAY -> widestFixed;
          default -> 12;
        };
        // every row has at least one level, so values beyond the rows are what repetition adds
        long perBatch = Math.min(values, BATCH_ROWS + Math.max(0, values - Math.max(0, g.numRows())));
        group = saturatedAdd(group, saturatedAdd(2 * chunk, 4 * Math.min(MEMORY_LIMIT, multiply(perBatch, width))));
      }
      most = Math.max(most, group);
    }
    return Math.min(most, MEMORY_LIMIT);
  }

  private static long saturated(long v) {
    return Math.min(v, MEMORY_LIMIT);
  }

  private static long saturatedAdd(long a, long b) {
    long s = a + b;
    return s < 0 ? Long.MAX_VALUE : s;
  }

  private static long multiply(long a, long b) {
    return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  /** Read options within the limits above, for {@code allocator}; callers add what they fuzz. */
  static ReadOptions.Builder options(BufferAllocator allocator) {
    return ReadOptions.builder(allocator).batchSize(BATCH_ROWS).maxPageSize(MAX_PAGE_SIZE);
  }

  /** Reads every batch of {@code file} with {@code options}, validating each. */
  static void readAll(byte[] file, ReadOptions options) {
    try (ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("fuzz.parquet", file), options)) {
      reader.arrowSchema();
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          validate(batch, reader.dictionaries());
        }
      }
    }
  }

  private static void checkIndices(FieldVector indices, int dictionarySize) {
    for (int i = 0; i < indices.getValueCount(); i++) {
      if (!indices.isNull(i)) {
        long index = ((org.apache.arrow.vector.BaseIntVector) indices).getValueAsLong(i);
        if (index < 0 || index >= dictionarySize) {
          throw new AssertionError(indices.getName() + " row " + i + ": index " + index
              + " outside its dictionary of " + dictionarySize);
        }
      }
    }
  }

  /**
   * Arrow's full validation of every vector and dictionary: buffers agree with counts and offsets.
   * Arrow Java's validator cannot check some vectors (it refuses every {@code MapVector} and
   * {@code Float2Vector}), checks decimal values against their precision, which Parquet does not
   * promise, and checks that strings are UTF-8, which the reader does not (it passes a STRING
   * column's bytes through unchecked); a tree holding any of these gets the offset checks of {@link
   * #checkOffsets} instead.
   */
  static void validate(VectorSchemaRoot batch, DictionaryProvider dictionaries) {
    for (FieldVector v : batch.getFieldVectors()) {
      if (v.getValueCount() != batch.getRowCount()) {
        throw new AssertionError(v.getName() + " holds " + v.getValueCount() + " values in a batch of "
            + batch.getRowCount() + " rows");
      }
      if (arrowValidates(v)) {
        ValueVectorUtility.validateFull(v);
      } else {
        checkOffsets(v);
      }
      if (v.getField().getDictionary() != null) {
        Dictionary d = dictionaries.lookup(v.getField().getDictionary().getId());
        if (d == null) {
          throw new AssertionError(v.getName() + " is a dictionary field without a dictionary");
        }
        FieldVector values = d.getVector();
        if (arrowValidates(values)) {
          ValueVectorUtility.validateFull(values);
        } else {
          checkOffsets(values);
        }
        checkIndices(v, d.getVector().getValueCount());
      }
    }
  }

  private static boolean arrowValidates(ValueVector v) {
    if (v instanceof MapVector || v instanceof Float2Vector || v instanceof DecimalVector
        || v instanceof Decimal256Vector || v instanceof VarCharVector || v instanceof LargeVarCharVector) {
      return false;
    }
    if (v instanceof FieldVector f) {
      for (FieldVector c : f.getChildrenFromFields()) {
        if (!arrowValidates(c)) {
          return false;
        }
      }
    }
    return true;
  }

  /** Offsets of variable-width and list vectors rise from 0 and stay within their data, down the tree. */
  static void checkOffsets(FieldVector v) {
    int n = v.getValueCount();
    if (v instanceof BaseVariableWidthVector w) {
      checkRising(v, n, i -> w.getOffsetBuffer().getInt(4L * i), w.getDataBuffer().capacity());
    } else if (v instanceof BaseLargeVariableWidthVector w) {
      checkRising(v, n, i -> w.getOffsetBuffer().getLong(8L * i), w.getDataBuffer().capacity());
    } else if (v instanceof BaseRepeatedValueVector l) {
      checkRising(v, n, i -> l.getOffsetBuffer().getInt(4L * i), l.getDataVector().getValueCount());
    } else if (v instanceof BaseFixedWidthVector f && f.getDataBuffer().capacity() < (long) n * f.getTypeWidth()) {
      throw new AssertionError(v.getName() + ": " + n + " values but only " + f.getDataBuffer().capacity() + " bytes");
    }
    for (FieldVector c : v.getChildrenFromFields()) {
      checkOffsets(c);
    }
  }

  private static void checkRising(FieldVector v, int n, java.util.function.IntToLongFunction offset, long limit) {
    if (n == 0) {
      return;
    }
    long previous = offset.applyAsLong(0);
    if (previous < 0) {
      throw new AssertionError(v.getName() + ": first offset " + previous);
    }
    for (int i = 1; i <= n; i++) {
      long o = offset.applyAsLong(i);
      if (o < previous || o > limit) {
        throw new AssertionError(v.getName() + ": offset " + i + " is " + o + " after " + previous + ", limit " + limit);
      }
      previous = o;
    }
  }

}
