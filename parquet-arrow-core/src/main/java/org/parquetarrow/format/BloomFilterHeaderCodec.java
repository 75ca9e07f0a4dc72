package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.enumValue;
import static org.parquetarrow.format.ThriftWriter.require;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/** Compact-protocol codec of {@code BloomFilterHeader} and its three single-member unions. */
final class BloomFilterHeaderCodec {
  private BloomFilterHeaderCodec() {}

  static BloomFilterHeader read(ThriftReader in) throws TException {
    in.structBegin();
    int numBytes = 0;
    boolean hasNumBytes = false;
    BloomFilterAlgorithm algorithm = null;
    BloomFilterHash hash = null;
    BloomFilterCompression compression = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            numBytes = in.readI32();
            hasNumBytes = true;
          }
        }
        case 2 -> {
          if (in.expect(TType.STRUCT)) {
            BloomFilterAlgorithm a = UnionCodec.readEmptyMembers(in, "BloomFilterAlgorithm", BloomFilterAlgorithm::fromValue);
            algorithm = a != null ? a : BloomFilterAlgorithm.UNKNOWN;
          }
        }
        case 3 -> {
          if (in.expect(TType.STRUCT)) {
            BloomFilterHash h = UnionCodec.readEmptyMembers(in, "BloomFilterHash", BloomFilterHash::fromValue);
            hash = h != null ? h : BloomFilterHash.UNKNOWN;
          }
        }
        case 4 -> {
          if (in.expect(TType.STRUCT)) {
            BloomFilterCompression c = UnionCodec.readEmptyMembers(in, "BloomFilterCompression", BloomFilterCompression::fromValue);
            compression = c != null ? c : BloomFilterCompression.UNKNOWN;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (!hasNumBytes) {
      throw in.missing("BloomFilterHeader", "numBytes");
    }
    if (algorithm == null) {
      throw in.missing("BloomFilterHeader", "algorithm");
    }
    if (hash == null) {
      throw in.missing("BloomFilterHeader", "hash");
    }
    if (compression == null) {
      throw in.missing("BloomFilterHeader", "compression");
    }
    return new BloomFilterHeader(numBytes, algorithm, hash, compression);
  }

  static void write(BloomFilterHeader h, ThriftWriter out) throws TException {
    out.structBegin();
    out.i32(1, h.numBytes());
    BloomFilterAlgorithm algorithm = require(h.algorithm(), "BloomFilterHeader.algorithm");
    out.field(TType.STRUCT, 2);
    UnionCodec.writeEmptyMember(enumValue(algorithm.value(), algorithm, "BloomFilterHeader.algorithm"), out);
    BloomFilterHash hash = require(h.hash(), "BloomFilterHeader.hash");
    out.field(TType.STRUCT, 3);
    UnionCodec.writeEmptyMember(enumValue(hash.value(), hash, "BloomFilterHeader.hash"), out);
    BloomFilterCompression compression = require(h.compression(), "BloomFilterHeader.compression");
    out.field(TType.STRUCT, 4);
    UnionCodec.writeEmptyMember(enumValue(compression.value(), compression, "BloomFilterHeader.compression"), out);
    out.structEnd();
  }
}
