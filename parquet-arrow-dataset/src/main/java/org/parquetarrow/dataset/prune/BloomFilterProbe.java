package org.parquetarrow.dataset.prune;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.function.LongConsumer;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.bloom.BloomFilterBlocks;
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
  /**
   * Filters up to this size are read whole, in one read: reading the header and then a block costs
   * two. Larger ones (a chunk of a million distinct values at 1% takes 1 MiB) are probed by block.
   */
  static final int WHOLE_READ_MAX_BYTES = 4 * 1024;

  /** The whole filter, or {@code null} when probing by block or when the filter is of an unknown kind. */
  private final SplitBlockBloomFilter filter;
  /** The filter probed by block, or {@code null} when read whole. */
  private final BloomFilterBlocks blocks;
  private final PrimitiveNode node;
  /** Receives the bytes read, as they are read. */
  private final LongConsumer bytesRead;
  private long reported;

  private BloomFilterProbe(SplitBlockBloomFilter filter, BloomFilterBlocks blocks, PrimitiveNode node,
      long bytesAlreadyRead, LongConsumer bytesRead) {
    this.filter = filter;
    this.blocks = blocks;
    this.node = node;
    this.bytesRead = bytesRead;
    this.reported = bytesAlreadyRead;
    bytesRead.accept(bytesAlreadyRead);
  }

  /**
   * Reads the filter of a column chunk, or returns {@code null} when it has none.
   *
   * @throws CorruptFileException if the filter's header or bitset lies outside the file
   */
  static BloomFilterProbe read(InputFile file, ColumnMetaData meta, PrimitiveNode node) {
    return read(file, meta, node, ChunkAccess.PLAINTEXT, n -> { });
  }

  /**
   * As {@link #read(InputFile, ColumnMetaData, PrimitiveNode)}, decrypting the header and bitset
   * modules through {@code access} when the chunk is encrypted. A filter of an algorithm, hash or
   * compression this library does not know answers "might" for every value. A plaintext filter
   * recorded as larger than {@value #WHOLE_READ_MAX_BYTES} bytes is opened by its header only, and
   * each probe reads the one 32-byte block it needs; an encrypted one (one authenticated module)
   * and a small one are read whole.
   *
   * @param bytesRead receives the bytes read from the file, now and by later probes
   * @throws org.parquetarrow.ParquetCryptoException if a module does not authenticate
   */
  static BloomFilterProbe read(InputFile file, ColumnMetaData meta, PrimitiveNode node, ChunkAccess access,
      LongConsumer bytesRead) {
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withColumn(String.join(".", meta.pathInSchema()));
    Integer length = meta.bloomFilterLength();
    if (access.decryptor() == null && length != null && length > WHOLE_READ_MAX_BYTES) {
      return BloomFilterReader.openBlocks(file, meta, where)
          .map(b -> new BloomFilterProbe(null, b, node, b.bytesRead(), bytesRead))
          .orElse(null);
    }
    return BloomFilterReader.read(file, meta, access.decryptor(), where)
        .map(stored -> new BloomFilterProbe(stored.filter(), null, node, stored.bytesRead(), bytesRead))
        .orElse(null);
  }

  /**
   * Reads at once (one vectored read) the blocks that probing {@code values} will need, so that an
   * IN list costs one request however long it is.
   */
  void prepare(Collection<Object> values) {
    if (blocks == null) {
      return;
    }
    long[] hashes = values.stream().map(this::hash).filter(h -> h != null && h.length == 1)
        .mapToLong(h -> h[0]).toArray();
    blocks.fetch(hashes);
    report();
  }

  /**
   * Whether the chunk might hold a row equal to {@code value}, a bound literal's canonical value
   * ({@code false} proves it does not).
   */
  boolean mightContain(Object value) {
    if (filter == null && (blocks == null || !blocks.probeable())) {
      return true;
    }
    long[] hash = hash(value);
    if (hash == null) {
      return true;
    }
    if (hash.length == 0) {
      return false;
    }
    if (filter != null) {
      return filter.mightContain(hash[0]);
    }
    boolean might = blocks.mightContain(hash[0]);
    report();
    return might;
  }

  private void report() {
    long now = blocks.bytesRead();
    bytesRead.accept(now - reported);
    reported = now;
  }

  /**
   * The hash of {@code value}'s PLAIN encoding as one element, none when no stored value can equal
   * it, or {@code null} when it cannot be hashed (the answer is then "might").
   */
  private long[] hash(Object value) {
    PhysicalType physical = node.physicalType();
    LogicalType logical = node.effectiveLogicalType();
    switch (physical) {
      case INT32 -> {
        Long v = unscaled(value, logical, 31);
        if (v == null) {
          return null;
        }
        if (v < Integer.MIN_VALUE || v > 0xFFFF_FFFFL) {
          return new long[0]; // no 32-bit value equals it
        }
        return new long[] {SplitBlockBloomFilter.hashInt((int) (long) v)};
      }
      case INT64 -> {
        Long v = unscaled(value, logical, 63);
        return v == null ? null : new long[] {SplitBlockBloomFilter.hashLong(v)};
      }
      case BYTE_ARRAY -> {
        if (logical instanceof LogicalType.DecimalType) {
          return null; // writers differ in how many sign bytes they keep
        }
        byte[] b = bytes(value);
        return b == null ? null : new long[] {SplitBlockBloomFilter.hashBytes(b, 0, b.length)};
      }
      case FIXED_LEN_BYTE_ARRAY -> {
        byte[] b = fixed(value, logical);
        return b == null ? null : new long[] {SplitBlockBloomFilter.hashBytes(b, 0, b.length)};
      }
      default -> {
        return null;
      }
    }
  }

  /** The integer stored for {@code value}: itself, or a decimal's unscaled value. */
  private static Long unscaled(Object value, LogicalType logical, int bits) {
    // a whole number bound to a decimal column is already unscaled: only a column read as its
    // integers (ArrowReadOptions.IntDecimalPolicy.UNSCALED) binds its literals as longs
    if (logical instanceof LogicalType.DecimalType d && !(value instanceof Long)) {
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
