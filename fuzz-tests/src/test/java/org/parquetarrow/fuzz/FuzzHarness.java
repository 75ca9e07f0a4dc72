package org.parquetarrow.fuzz;

import java.util.function.Consumer;
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
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * What every target shares: the rule of what counts as a finding, and reading a file to the end.
 *
 * <p>A finding is anything but a {@link ParquetException}: another exception (a
 * ClassCastException, an IndexOutOfBounds, an Arrow {@code OutOfMemoryException} from the bounded
 * allocator), memory left allocated once the reader is closed, or a batch whose vectors fail Arrow's
 * full validation (offsets outside the data, a wrong value count). Time is bounded by each target's
 * {@code @Timeout}, which Jazzer also takes as its per-input limit.
 */
final class FuzzHarness {
  /**
   * Memory one input may use. Inputs are at most a few hundred KiB (Jazzer's default
   * {@code -max_len} for seeds that size), so a read needing more is a missing size check.
   */
  static final long MEMORY_LIMIT = 256L << 20;

  /** Small batches, so a bad row count fails on its first batch rather than after many. */
  static final int BATCH_ROWS = 1024;

  /** The largest page accepted: well inside {@link #MEMORY_LIMIT}, as a user with that limit sets it. */
  static final int MAX_PAGE_SIZE = 64 << 20;

  private FuzzHarness() {}

  /**
   * Runs {@code body} with a fresh allocator bounded by {@link #MEMORY_LIMIT}; a
   * {@link ParquetException} is the expected end of a bad input, anything else propagates, and
   * memory still allocated afterwards fails the input.
   */
  static void withAllocator(Consumer<BufferAllocator> body) {
    RootAllocator allocator = new RootAllocator(MEMORY_LIMIT);
    try {
      body.accept(allocator);
    } catch (ParquetException expected) {
      // the typed error a bad input should end in
    }
    long left = allocator.getAllocatedMemory();
    if (left != 0) {
      String detail = allocator.toVerboseString();
      throw new AssertionError("leak: " + left + " bytes still allocated after the reader closed\n" + detail);
    }
    allocator.close();
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
