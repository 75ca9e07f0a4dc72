package org.parquetarrow.write;

import java.util.Objects;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;

/**
 * The settings of one column: codec and level, value encoding, dictionary, statistics and bloom
 * filter. Immutable; {@link WriterProperties} holds the defaults and the per-column overrides.
 *
 * <pre>{@code
 * ColumnProperties c = ColumnProperties.defaults().toBuilder().codec(CompressionCodec.ZSTD, 3).build();
 * }</pre>
 *
 * @param codec               the page codec
 * @param codecLevel          the codec level, or {@code null} for the codec's default
 * @param encoding            the value encoding of data pages that are not dictionary encoded
 *                            ({@code PLAIN} by default), also the fallback when the dictionary
 *                            outgrows its limit
 * @param dictionaryEnabled   whether to start each column chunk with dictionary encoding
 * @param statisticsEnabled   whether to collect min/max statistics (null counts are always written)
 * @param bloomFilter         the bloom filter sizing, or {@code null} for none
 */
public record ColumnProperties(CompressionCodec codec, Integer codecLevel, Encoding encoding,
    boolean dictionaryEnabled, boolean statisticsEnabled, BloomFilterOptions bloomFilter) {

  private static final ColumnProperties DEFAULTS =
      new ColumnProperties(CompressionCodec.UNCOMPRESSED, null, Encoding.PLAIN, true, true, null);

  public ColumnProperties {
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(encoding, "encoding");
    switch (codec) {
      case UNCOMPRESSED, SNAPPY, GZIP, BROTLI, ZSTD, LZ4_RAW -> { }
      default -> throw new IllegalArgumentException("codec " + codec + " cannot be written (LZO and the "
          + "deprecated LZ4 are read only)");
    }
    if (codecLevel != null && !Codecs.hasLevels(codec)) {
      throw new IllegalArgumentException("codec " + codec + " has no levels");
    }
    switch (encoding) {
      case PLAIN, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT, RLE -> { }
      default -> throw new IllegalArgumentException("encoding " + encoding + " cannot be chosen for data pages ("
          + "dictionary encoding is switched on with dictionaryEnabled)");
    }
  }

  /** Uncompressed, PLAIN with dictionary, statistics on, no bloom filter (as Arrow C++). */
  public static ColumnProperties defaults() {
    return DEFAULTS;
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Builds a {@link ColumnProperties}. */
  public static final class Builder {
    private CompressionCodec codec;
    private Integer codecLevel;
    private Encoding encoding;
    private boolean dictionaryEnabled;
    private boolean statisticsEnabled;
    private BloomFilterOptions bloomFilter;

    Builder(ColumnProperties p) {
      codec = p.codec;
      codecLevel = p.codecLevel;
      encoding = p.encoding;
      dictionaryEnabled = p.dictionaryEnabled;
      statisticsEnabled = p.statisticsEnabled;
      bloomFilter = p.bloomFilter;
    }

    /** The codec at its default level. */
    public Builder codec(CompressionCodec c) {
      codec = c;
      codecLevel = null;
      return this;
    }

    public Builder codec(CompressionCodec c, int level) {
      codec = c;
      codecLevel = level;
      return this;
    }

    public Builder encoding(Encoding e) {
      encoding = e;
      return this;
    }

    public Builder dictionary(boolean enabled) {
      dictionaryEnabled = enabled;
      return this;
    }

    public Builder statistics(boolean enabled) {
      statisticsEnabled = enabled;
      return this;
    }

    /** The bloom filter sizing, {@code null} for none. */
    public Builder bloomFilter(BloomFilterOptions options) {
      bloomFilter = options;
      return this;
    }

    public ColumnProperties build() {
      return new ColumnProperties(codec, codecLevel, encoding, dictionaryEnabled, statisticsEnabled, bloomFilter);
    }
  }
}
