package org.parquetarrow.cli;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.write.SplitBlockBloomFilter;

/**
 * The bloom filter hash of a value typed on the command line: the value is parsed for the
 * column's physical type, PLAIN-encoded (a BYTE_ARRAY without its length) and hashed with xxHash64,
 * seed 0, as the spec says. Byte values are UTF-8 text, or {@code hex:…} for raw bytes.
 */
final class BloomValueHash {
  private BloomValueHash() {}

  static long of(String text, ColumnDescriptor column) {
    try {
      switch (column.physicalType()) {
        case INT32:
          return SplitBlockBloomFilter.hashInt(Integer.parseInt(text.trim()));
        case INT64:
          return SplitBlockBloomFilter.hashLong(Long.parseLong(text.trim()));
        case FLOAT:
          return SplitBlockBloomFilter.hashInt(Float.floatToRawIntBits(Float.parseFloat(text.trim())));
        case DOUBLE:
          return SplitBlockBloomFilter.hashLong(Double.doubleToRawLongBits(Double.parseDouble(text.trim())));
        case BYTE_ARRAY: {
          byte[] b = bytes(text);
          return SplitBlockBloomFilter.hashBytes(b, 0, b.length);
        }
        case FIXED_LEN_BYTE_ARRAY:
        case INT96: {
          byte[] b = bytes(text);
          Integer declared = column.node().typeLength();
          int want = column.physicalType() == org.parquetarrow.format.PhysicalType.INT96 ? 12
              : declared == null ? b.length : declared;
          if (b.length != want) {
            throw new UserInputException("column " + column.dottedPath() + " holds " + want + "-byte values; '"
                + text + "' is " + b.length + " bytes");
          }
          return SplitBlockBloomFilter.hashBytes(b, 0, b.length);
        }
        default:
          throw new UserInputException("column " + column.dottedPath() + " is " + column.physicalType()
              + ", which bloom filters do not cover");
      }
    } catch (NumberFormatException e) {
      throw new UserInputException("'" + text + "' is not a " + column.physicalType() + " value for column "
          + column.dottedPath(), e);
    }
  }

  private static byte[] bytes(String text) {
    if (text.startsWith("hex:")) {
      try {
        return HexFormat.of().parseHex(text.substring(4));
      } catch (IllegalArgumentException e) {
        throw new UserInputException("'" + text + "' is not valid hex", e);
      }
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
