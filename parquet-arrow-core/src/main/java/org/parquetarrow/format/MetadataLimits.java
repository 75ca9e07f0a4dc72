package org.parquetarrow.format;

/**
 * Bounds applied while decoding thrift metadata, on top of the check that every length fits in
 * the bytes really present. They stop a hostile or broken file from making the reader allocate
 * or recurse without limit.
 *
 * <pre>{@code
 * MetadataLimits strict = new MetadataLimits(1 << 20, 100_000, 16);
 * FileMetaData md = MetadataReader.readFileMetaData(buf, strict);
 * }</pre>
 *
 * @param maxStringBytes  the longest string or binary value accepted
 * @param maxListElements the most elements accepted in one list, set or map
 * @param maxDepth        the deepest nesting of structs, lists and maps accepted (struct nesting,
 *                        not list length: a 10,000-column footer is only about 6 deep)
 */
public record MetadataLimits(int maxStringBytes, int maxListElements, int maxDepth) {

  /**
   * The defaults of Arrow C++ for strings (100 MB) and containers (1,000,000 elements), and
   * thrift's default recursion limit (64).
   */
  public static final MetadataLimits DEFAULT = new MetadataLimits(100_000_000, 1_000_000, 64);

  public MetadataLimits {
    if (maxStringBytes < 0 || maxListElements < 0 || maxDepth < 1) {
      throw new IllegalArgumentException("limits must be non-negative and maxDepth at least 1: "
          + maxStringBytes + ", " + maxListElements + ", " + maxDepth);
    }
  }
}
