package org.parquetarrow.dataset.prune;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.bloom.BloomFilterReader;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * A column chunk's split-block bloom filter, read for probing: "might the chunk hold this value?"
 * The hash is xxHash64 (seed 0) of the value's PLAIN encoding in the column's physical type, so a
 * literal is first turned back into that encoding; a literal that has none (a decimal finer than
 * the column's scale, floating point, booleans) is answered "might" rather than guessed.
 */
final class BloomFilterProbe {
  private final SplitBlockBloomFilter filter;
  private final PrimitiveNode node;
  private final long bytesRead;

  private BloomFilterProbe(SplitBlockBloomFilter filter, PrimitiveNode node, long bytesRead) {
    this.filter = filter;
    this.node = node;
    this.bytesRead = bytesRead;
  }

  /**
   * Reads the filter of a column chunk, or returns {@code null} when it has none.
   *
   * @throws CorruptFileException if the filter's header or bitset lies outside the file
   */
  static BloomFilterProbe read(InputFile file, ColumnMetaData meta, PrimitiveNode node) {
    return read(file, meta, node, ChunkAccess.PLAINTEXT);
  }

  /**
   * As {@link #read(InputFile, ColumnMetaData, PrimitiveNode)}, decrypting the header and bitset
   * modules through {@code access} when the chunk is encrypted. A filter of an algorithm, hash or
   * compression this library does not know answers "might" for every value.
   *
   * @throws org.parquetarrow.ParquetCryptoException if a module does not authenticate
   */
  static BloomFilterProbe read(InputFile file, ColumnMetaData meta, PrimitiveNode node, ChunkAccess access) {
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withColumn(String.join(".", meta.pathInSchema()));
    return BloomFilterReader.read(file, meta, access.decryptor(), where)
        .map(stored -> new BloomFilterProbe(stored.filter(), node, stored.bytesRead()))
        .orElse(null);
  }

  /** Bytes this probe read from the file. */
  long bytesRead() {
    return bytesRead;
  }

  /**
   * Whether the chunk might hold a row equal to {@code value}, a bound literal's canonical value
   * ({@code false} proves it does not).
   */
  boolean mightContain(Object value) {
    if (filter == null) {
      return true;
    }
    long hash;
    PhysicalType physical = node.physicalType();
    LogicalType logical = node.effectiveLogicalType();
    switch (physical) {
      case INT32 -> {
        Long v = unscaled(value, logical, 31);
        if (v == null) {
          return true;
        }
        if (v < Integer.MIN_VALUE || v > 0xFFFF_FFFFL) {
          return false; // no 32-bit value equals it
        }
        hash = SplitBlockBloomFilter.hashInt((int) (long) v);
      }
      case INT64 -> {
        Long v = unscaled(value, logical, 63);
        if (v == null) {
          return true;
        }
        hash = SplitBlockBloomFilter.hashLong(v);
      }
      case BYTE_ARRAY -> {
        if (logical instanceof LogicalType.DecimalType) {
          return true; // writers differ in how many sign bytes they keep
        }
        byte[] b = bytes(value);
        if (b == null) {
          return true;
        }
        hash = SplitBlockBloomFilter.hashBytes(b, 0, b.length);
      }
      case FIXED_LEN_BYTE_ARRAY -> {
        byte[] b = fixed(value, logical);
        if (b == null) {
          return true;
        }
        hash = SplitBlockBloomFilter.hashBytes(b, 0, b.length);
      }
      default -> {
        return true;
      }
    }
    return filter.mightContain(hash);
  }

  /** The integer stored for {@code value}: itself, or a decimal's unscaled value. */
  private static Long unscaled(Object value, LogicalType logical, int bits) {
    if (logical instanceof LogicalType.DecimalType d) {
      if (!(value instanceof BigDecimal dec)) {
        return null;
      }
      try {
        BigInteger u = dec.setScale(d.scale()).unscaledValue();
        return u.bitLength() <= bits ? u.longValue() : null;
      } catch (ArithmeticException finer) {
        return null;
      }
    }
    return value instanceof Long l ? l : null;
  }

  private static byte[] bytes(Object value) {
    if (value instanceof byte[] b) {
      return b;
    }
    return value instanceof String s ? s.getBytes(java.nio.charset.StandardCharsets.UTF_8) : null;
  }

  private byte[] fixed(Object value, LogicalType logical) {
    int width = node.typeLength() == null ? -1 : node.typeLength();
    if (logical instanceof LogicalType.DecimalType d) {
      if (!(value instanceof BigDecimal dec)) {
        return null;
      }
      BigInteger u;
      try {
        u = dec.setScale(d.scale()).unscaledValue();
      } catch (ArithmeticException finer) {
        return null;
      }
      byte[] minimal = u.toByteArray();
      if (minimal.length > width) {
        return null;
      }
      byte[] out = new byte[width];
      byte pad = (byte) (u.signum() < 0 ? 0xff : 0);
      java.util.Arrays.fill(out, 0, width - minimal.length, pad);
      System.arraycopy(minimal, 0, out, width - minimal.length, minimal.length);
      return out;
    }
    if (logical instanceof LogicalType.Float16Type) {
      return null;
    }
    byte[] b = bytes(value);
    return b != null && b.length == width ? b : null;
  }
}
