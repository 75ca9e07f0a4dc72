package org.parquetarrow.write;

import java.util.Objects;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;

/**
 * The settings of one column: codec and level, value encoding, dictionary, statistics and bloom
 * filter. Immutable; build one with {@link #builder()} or change one with {@link #toBuilder()};
 * {@link WriterProperties} holds the defaults and the per-column overrides.
 *
 * <pre>{@code
 * ColumnProperties c = ColumnProperties.builder().codec(CompressionCodec.ZSTD, 3).dictionary(false).build();
 * }</pre>
 */
public final class ColumnProperties {

  private static final ColumnProperties DEFAULTS = new Builder().build();

  private final CompressionCodec codec;
  private final Integer codecLevel;
  private final Encoding encoding;
  private final boolean dictionaryEnabled;
  private final boolean statisticsEnabled;
  private final BloomFilterOptions bloomFilter;

  private ColumnProperties(Builder b) {
    this.codec = Objects.requireNonNull(b.codec, "codec");
    this.codecLevel = b.codecLevel;
    this.encoding = Objects.requireNonNull(b.encoding, "encoding");
    this.dictionaryEnabled = b.dictionaryEnabled;
    this.statisticsEnabled = b.statisticsEnabled;
    this.bloomFilter = b.bloomFilter;
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

  /**
   * The settings as given, checked as {@link Builder#build()} checks them.
   *
   * @deprecated use {@link #builder()}
   */
  @Deprecated
  public ColumnProperties(CompressionCodec codec, Integer codecLevel, Encoding encoding,
      boolean dictionaryEnabled, boolean statisticsEnabled, BloomFilterOptions bloomFilter) {
    this(new Builder().settings(codec, codecLevel, encoding, dictionaryEnabled, statisticsEnabled, bloomFilter));
  }

  /** Uncompressed, PLAIN with dictionary, statistics on, no bloom filter (as Arrow C++). */
  public static ColumnProperties defaults() {
    return DEFAULTS;
  }

  /** A builder starting from {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The page codec. */
  public CompressionCodec codec() {
    return codec;
  }

  /** The codec level, or {@code null} for the codec's default. */
  public Integer codecLevel() {
    return codecLevel;
  }

  /**
   * The value encoding of data pages that are not dictionary encoded ({@code PLAIN} by default),
   * also the fallback when the dictionary outgrows its limit.
   */
  public Encoding encoding() {
    return encoding;
  }

  /** Whether each column chunk starts with dictionary encoding. */
  public boolean dictionaryEnabled() {
    return dictionaryEnabled;
  }

  /** Whether min/max statistics are collected (null counts are always written). */
  public boolean statisticsEnabled() {
    return statisticsEnabled;
  }

  /** The bloom filter sizing, or {@code null} for none. */
  public BloomFilterOptions bloomFilter() {
    return bloomFilter;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnProperties x && codec == x.codec && Objects.equals(codecLevel, x.codecLevel)
        && encoding == x.encoding && dictionaryEnabled == x.dictionaryEnabled
        && statisticsEnabled == x.statisticsEnabled && Objects.equals(bloomFilter, x.bloomFilter);
  }

  @Override
  public int hashCode() {
    return Objects.hash(codec, codecLevel, encoding, dictionaryEnabled, statisticsEnabled, bloomFilter);
  }

  @Override
  public String toString() {
    return "ColumnProperties[codec=" + codec + ", codecLevel=" + codecLevel + ", encoding=" + encoding
        + ", dictionaryEnabled=" + dictionaryEnabled + ", statisticsEnabled=" + statisticsEnabled
        + ", bloomFilter=" + bloomFilter + "]";
  }

  /** Builds a {@link ColumnProperties}. */
  public static final class Builder {
    private CompressionCodec codec = CompressionCodec.UNCOMPRESSED;
    private Integer codecLevel;
    private Encoding encoding = Encoding.PLAIN;
    private boolean dictionaryEnabled = true;
    private boolean statisticsEnabled = true;
    private BloomFilterOptions bloomFilter;

    private Builder() {}

    private Builder(ColumnProperties p) {
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

    /**
     * The settings.
     *
     * @throws IllegalArgumentException for a codec that cannot be written (LZO, LZ4), a level for a
     *     codec without levels, or an encoding that data pages cannot be given
     */
    public ColumnProperties build() {
      return new ColumnProperties(this);
    }

    private Builder settings(CompressionCodec codec, Integer codecLevel, Encoding encoding, boolean dictionaryEnabled,
        boolean statisticsEnabled, BloomFilterOptions bloomFilter) {
      this.codec = codec;
      this.codecLevel = codecLevel;
      this.encoding = encoding;
      this.dictionaryEnabled = dictionaryEnabled;
      this.statisticsEnabled = statisticsEnabled;
      this.bloomFilter = bloomFilter;
      return this;
    }
  }
}
