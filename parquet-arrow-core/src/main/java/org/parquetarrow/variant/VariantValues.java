package org.parquetarrow.variant;

import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads the layout of encoded Variant values and checks it against the bytes: every header,
 * count, id and offset is checked before it is used, nesting is bounded, and values may not be
 * shared between fields more often than the bytes allow (which would let a few bytes describe an
 * exponentially large value).
 */
final class VariantValues {
  static final int BASIC_PRIMITIVE = 0;
  static final int BASIC_SHORT_STRING = 1;
  static final int BASIC_OBJECT = 2;
  static final int BASIC_ARRAY = 3;

  /** Deepest nesting of objects and arrays accepted. */
  static final int MAX_DEPTH = 128;

  private static final VariantKind[] PRIMITIVES = {
    VariantKind.NULL, VariantKind.BOOLEAN, VariantKind.BOOLEAN, VariantKind.INT8, VariantKind.INT16,
    VariantKind.INT32, VariantKind.INT64, VariantKind.DOUBLE, VariantKind.DECIMAL4, VariantKind.DECIMAL8,
    VariantKind.DECIMAL16, VariantKind.DATE, VariantKind.TIMESTAMP_TZ_MICROS, VariantKind.TIMESTAMP_NTZ_MICROS,
    VariantKind.FLOAT, VariantKind.BINARY, VariantKind.STRING, VariantKind.TIME_NTZ_MICROS,
    VariantKind.TIMESTAMP_TZ_NANOS, VariantKind.TIMESTAMP_NTZ_NANOS, VariantKind.UUID
  };

  /** Fixed data sizes of the primitive types by id; -1 for the length-prefixed ones. */
  private static final int[] PRIMITIVE_SIZES = {0, 0, 0, 1, 2, 4, 8, 8, 5, 9, 17, 4, 8, 8, 4, -1, -1, 8, 8, 8, 16};

  private final VariantMetadata metadata;
  private final byte[] b;
  private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
  private long budget;

  private VariantValues(VariantMetadata metadata, byte[] b, int length) {
    this.metadata = metadata;
    this.b = b;
    this.budget = length;
  }

  /**
   * Checks the value at {@code b[offset, offset+length)} and returns its encoded length, which is
   * at most {@code length}.
   */
  static int check(VariantMetadata metadata, byte[] b, int offset, int length) {
    return new VariantValues(metadata, b, length).check(offset, (long) offset + length, 0);
  }

  /**
   * The encoded length of the value at {@code b[at]}, one that {@link #check} has already accepted
   * as part of the value around it, read from its header alone. Checking it again on its own would
   * count its shared values against its own bytes rather than its container's (a value the
   * container accepted could be refused), and would make walking a value quadratic.
   */
  static int length(byte[] b, int at, long end) {
    int header = b[at] & 0xFF;
    int info = header >>> 2;
    return switch (header & 0x03) {
      case BASIC_PRIMITIVE -> PRIMITIVE_SIZES[info] < 0
          ? (int) (5 + LittleEndianBytes.unsigned(b, at + 1, 4))
          : PRIMITIVE_SIZES[info] + 1;
      case BASIC_SHORT_STRING -> info + 1;
      default -> {
        Layout l = Layout.read(b, at, end);
        yield (int) (l.dataAt + l.dataLength - at);
      }
    };
  }

  static VariantKind kind(byte[] b, int at) {
    int header = b[at] & 0xFF;
    return switch (header & 0x03) {
      case BASIC_PRIMITIVE -> PRIMITIVES[header >>> 2];
      case BASIC_SHORT_STRING -> VariantKind.STRING;
      case BASIC_OBJECT -> VariantKind.OBJECT;
      default -> VariantKind.ARRAY;
    };
  }

  private int check(int at, long end, int depth) {
    if (--budget < 0) {
      throw new VariantFormatException("variant values overlap: more values than bytes");
    }
    if (at >= end) {
      throw new VariantFormatException("variant value is missing: no bytes left at offset " + at);
    }
    int header = b[at] & 0xFF;
    int basic = header & 0x03;
    int info = header >>> 2;
    long available = end - at - 1;
    switch (basic) {
      case BASIC_PRIMITIVE -> {
        if (info >= PRIMITIVES.length) {
          throw new VariantFormatException("unknown variant primitive type " + info + " at offset " + at);
        }
        int size = PRIMITIVE_SIZES[info];
        if (size < 0) {
          if (available < 4) {
            throw truncated(at, 5, available + 1);
          }
          long n = LittleEndianBytes.unsigned(b, at + 1, 4);
          if (n > available - 4) {
            throw truncated(at, 5 + n, available + 1);
          }
          if (info == 16) {
            VariantMetadata.utf8(utf8, b, at + 5, (int) n);
          }
          return (int) (5 + n);
        }
        if (size > available) {
          throw truncated(at, size + 1, available + 1);
        }
        if (PRIMITIVES[info] == VariantKind.DECIMAL4 || PRIMITIVES[info] == VariantKind.DECIMAL8
            || PRIMITIVES[info] == VariantKind.DECIMAL16) {
          int scale = b[at + 1] & 0xFF;
          if (scale > 38) {
            throw new VariantFormatException("variant decimal scale " + scale + " is above 38, at offset " + at);
          }
        }
        return size + 1;
      }
      case BASIC_SHORT_STRING -> {
        if (info > available) {
          throw truncated(at, info + 1, available + 1);
        }
        VariantMetadata.utf8(utf8, b, at + 1, info);
        return info + 1;
      }
      default -> {
        if (depth >= MAX_DEPTH) {
          throw new VariantFormatException("variant nests deeper than " + MAX_DEPTH + " levels");
        }
        return container(at, end, depth, basic == BASIC_OBJECT);
      }
    }
  }

  private int container(int at, long end, int depth, boolean object) {
    Layout l = Layout.read(b, at, end);
    if (object) {
      String previous = null;
      for (int i = 0; i < l.count; i++) {
        long id = LittleEndianBytes.unsigned(b, l.idsAt + i * l.idSize, l.idSize);
        if (id >= metadata.size()) {
          throw new VariantFormatException("variant object field id " + id + " is beyond the metadata's "
              + metadata.size() + " names, at offset " + at);
        }
        String name = metadata.name((int) id);
        if (previous != null && VariantMetadata.compareNames(previous, name) >= 0) {
          throw new VariantFormatException("variant object fields '" + previous + "' and '" + name
              + "' are not in strictly increasing order, at offset " + at);
        }
        previous = name;
      }
    }
    long dataEnd = l.dataAt + l.dataLength;
    for (int i = 0; i < l.count; i++) {
      long start = l.offset(b, i);
      if (start >= l.dataLength) {
        throw new VariantFormatException("variant " + (object ? "field" : "element") + " " + i + " starts at "
            + start + ", past the " + l.dataLength + " bytes of values, at offset " + at);
      }
      check((int) (l.dataAt + start), dataEnd, depth + 1);
    }
    return (int) (dataEnd - at);
  }

  private static VariantFormatException truncated(int at, long needed, long available) {
    return new VariantFormatException("variant value at offset " + at + " needs " + needed + " bytes, "
        + available + " remain");
  }

  /** Where the parts of an object or array are, read from its header and checked. */
  static final class Layout {
    final int count;
    final int idSize;
    final int offsetSize;
    final int idsAt;
    final int offsetsAt;
    final int dataAt;
    final long dataLength;

    private Layout(int count, int idSize, int offsetSize, int idsAt, int offsetsAt, int dataAt, long dataLength) {
      this.count = count;
      this.idSize = idSize;
      this.offsetSize = offsetSize;
      this.idsAt = idsAt;
      this.offsetsAt = offsetsAt;
      this.dataAt = dataAt;
      this.dataLength = dataLength;
    }

    /** The layout of the object or array at {@code at}, checked against {@code end}. */
    static Layout read(byte[] b, int at, long end) {
      int header = b[at] & 0xFF;
      boolean object = (header & 0x03) == BASIC_OBJECT;
      int info = header >>> 2;
      int offsetSize = (info & 0x03) + 1;
      int idSize = object ? ((info >>> 2) & 0x03) + 1 : 0;
      boolean large = object ? (info & 0x10) != 0 : (info & 0x04) != 0;
      int countSize = large ? 4 : 1;
      long p = at + 1L;
      if (p + countSize > end) {
        throw new VariantFormatException("variant " + (object ? "object" : "array") + " at offset " + at
            + " ends inside its element count");
      }
      long count = LittleEndianBytes.unsigned(b, (int) p, countSize);
      p += countSize;
      long tables = count * idSize + (count + 1) * offsetSize;
      if (tables > end - p) {
        throw new VariantFormatException("variant " + (object ? "object" : "array") + " at offset " + at
            + " declares " + count + " elements but only " + (end - p) + " bytes follow");
      }
      int idsAt = (int) p;
      int offsetsAt = (int) (p + count * idSize);
      int dataAt = (int) (p + tables);
      long dataLength = LittleEndianBytes.unsigned(b, (int) (offsetsAt + count * offsetSize), offsetSize);
      if (dataLength > end - dataAt) {
        throw new VariantFormatException("variant " + (object ? "object" : "array") + " at offset " + at
            + " has " + dataLength + " bytes of values, only " + (end - dataAt) + " remain");
      }
      return new Layout((int) count, idSize, offsetSize, idsAt, offsetsAt, dataAt, dataLength);
    }

    long offset(byte[] b, int i) {
      return LittleEndianBytes.unsigned(b, offsetsAt + i * offsetSize, offsetSize);
    }

    int fieldId(byte[] b, int i) {
      return (int) LittleEndianBytes.unsigned(b, idsAt + i * idSize, idSize);
    }
  }
}
