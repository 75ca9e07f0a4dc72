package org.parquetarrow.read;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.BinaryDictionary;
import org.parquetarrow.encoding.BinaryValueDecoder;
import org.parquetarrow.encoding.BooleanValueDecoder;
import org.parquetarrow.encoding.ByteStreamSplitDecoder;
import org.parquetarrow.encoding.DeltaBinaryPackedDecoder;
import org.parquetarrow.encoding.DeltaByteArrayDecoder;
import org.parquetarrow.encoding.DeltaLengthByteArrayDecoder;
import org.parquetarrow.encoding.DictionaryBinaryDecoder;
import org.parquetarrow.encoding.DictionaryFixedWidthDecoder;
import org.parquetarrow.encoding.FixedWidthDictionary;
import org.parquetarrow.encoding.FixedWidthValueDecoder;
import org.parquetarrow.encoding.PlainBinaryDecoder;
import org.parquetarrow.encoding.PlainBooleanDecoder;
import org.parquetarrow.encoding.PlainFixedWidthDecoder;
import org.parquetarrow.encoding.RleBooleanDecoder;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;

/**
 * Picks the value decoder of a page from its encoding and the column's physical type. Refuses
 * encodings that cannot apply to the type (a corrupt file) and encodings this library does not
 * know.
 */
final class ValueDecoders {
  private ValueDecoders() {}

  static boolean isDictionary(Encoding e) {
    return e == Encoding.PLAIN_DICTIONARY || e == Encoding.RLE_DICTIONARY;
  }

  /** A decoder of fixed-width values, or {@code null} when the encoding yields variable-length output. */
  static FixedWidthValueDecoder fixedWidth(
      Encoding encoding, PhysicalType type, int byteWidth, FixedWidthDictionary dictionary) {
    checkKnown(encoding);
    switch (encoding) {
      case PLAIN:
        return new PlainFixedWidthDecoder(byteWidth);
      case PLAIN_DICTIONARY:
      case RLE_DICTIONARY:
        if (dictionary == null) {
          throw new CorruptFileException("dictionary-encoded page without a dictionary page");
        }
        return new DictionaryFixedWidthDecoder(dictionary);
      case DELTA_BINARY_PACKED:
        if (type == PhysicalType.INT32) {
          return DeltaBinaryPackedDecoder.int32();
        }
        if (type == PhysicalType.INT64) {
          return DeltaBinaryPackedDecoder.int64();
        }
        throw invalid(encoding, type);
      case BYTE_STREAM_SPLIT:
        if (type == PhysicalType.INT96) {
          throw invalid(encoding, type);
        }
        return new ByteStreamSplitDecoder(byteWidth);
      case DELTA_BYTE_ARRAY:
        if (type == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
          return null;
        }
        throw invalid(encoding, type);
      default:
        throw unknownOrInvalid(encoding, type);
    }
  }

  /** A decoder of variable-length values ({@code fixedLength} &gt; 0 for FIXED_LEN_BYTE_ARRAY). */
  static BinaryValueDecoder binary(
      Encoding encoding, PhysicalType type, int fixedLength, BinaryDictionary dictionary) {
    checkKnown(encoding);
    switch (encoding) {
      case PLAIN:
        return new PlainBinaryDecoder();
      case PLAIN_DICTIONARY:
      case RLE_DICTIONARY:
        if (dictionary == null) {
          throw new CorruptFileException("dictionary-encoded page without a dictionary page");
        }
        return new DictionaryBinaryDecoder(dictionary);
      case DELTA_LENGTH_BYTE_ARRAY:
        return new DeltaLengthByteArrayDecoder();
      case DELTA_BYTE_ARRAY:
        return fixedLength > 0 ? new DeltaByteArrayDecoder(fixedLength) : new DeltaByteArrayDecoder();
      default:
        throw unknownOrInvalid(encoding, type);
    }
  }

  static BooleanValueDecoder bool(Encoding encoding) {
    checkKnown(encoding);
    switch (encoding) {
      case PLAIN:
        return new PlainBooleanDecoder();
      case RLE:
        return new RleBooleanDecoder();
      default:
        throw unknownOrInvalid(encoding, PhysicalType.BOOLEAN);
    }
  }

  private static void checkKnown(Encoding encoding) {
    if (encoding == null || encoding == Encoding.UNKNOWN) {
      throw new UnsupportedFeatureException(
          "unknown encoding", "page values use an encoding this library does not know");
    }
  }

  private static RuntimeException unknownOrInvalid(Encoding encoding, PhysicalType type) {
    return invalid(encoding, type);
  }

  private static CorruptFileException invalid(Encoding encoding, PhysicalType type) {
    return new CorruptFileException("values in encoding " + encoding + " cannot be " + type);
  }
}
