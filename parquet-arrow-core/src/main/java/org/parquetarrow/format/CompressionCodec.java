package org.parquetarrow.format;

/** Page compression codecs. */
public enum CompressionCodec {
  UNCOMPRESSED(0),
  SNAPPY(1),
  GZIP(2),
  LZO(3),
  BROTLI(4),
  LZ4(5),
  ZSTD(6),
  LZ4_RAW(7),
  /** A value this library does not know (from a newer writer); the raw value is lost. */
  UNKNOWN(-1);

  private static final CompressionCodec[] BY_VALUE = new CompressionCodec[64];

  static {
    for (CompressionCodec e : values()) {
      if (e.value >= 0) {
        BY_VALUE[e.value] = e;
      }
    }
  }

  private final int value;

  CompressionCodec(int value) {
    this.value = value;
  }

  /** The value written to the thrift metadata. */
  public int value() {
    return value;
  }

  /** The constant for a thrift value, or {@code null} when the value is not defined. */
  public static CompressionCodec fromValue(int value) {
    return value >= 0 && value < BY_VALUE.length ? BY_VALUE[value] : null;
  }
}
