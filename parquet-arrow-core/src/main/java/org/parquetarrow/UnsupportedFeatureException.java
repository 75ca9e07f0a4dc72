package org.parquetarrow;

/** The file is valid but uses a feature (codec, encoding, type) this library does not support. */
public class UnsupportedFeatureException extends ParquetException {
  private static final long serialVersionUID = 1L;

  private final String feature;

  public UnsupportedFeatureException(String feature, String problem) {
    super(problem);
    this.feature = feature;
  }

  public UnsupportedFeatureException(String feature, String problem, Throwable cause) {
    super(problem, cause);
    this.feature = feature;
  }

  /** A short, stable name of the feature, e.g. {@code "codec LZO"} or {@code "Arrow type Union"}. */
  public String feature() {
    return feature;
  }
}
