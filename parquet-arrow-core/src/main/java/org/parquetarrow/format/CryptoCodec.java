package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.require;

import java.util.List;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/**
 * Compact-protocol codec of the modular-encryption metadata: {@code FileCryptoMetaData}, the
 * {@code EncryptionAlgorithm} union with {@code AesGcmV1} / {@code AesGcmCtrV1}, and the
 * {@code ColumnCryptoMetaData} union.
 */
final class CryptoCodec {
  private CryptoCodec() {}

  static FileCryptoMetaData readFileCryptoMetaData(ThriftReader in) throws TException {
    in.structBegin();
    EncryptionAlgorithm algorithm = null;
    byte[] keyMetadata = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> algorithm = in.expect(TType.STRUCT) ? readEncryptionAlgorithm(in) : algorithm;
        case 2 -> keyMetadata = in.expect(TType.STRING) ? in.readBinary() : keyMetadata;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (algorithm == null) {
      throw in.missing("FileCryptoMetaData", "encryption_algorithm");
    }
    return new FileCryptoMetaData(algorithm, keyMetadata);
  }

  static void writeFileCryptoMetaData(FileCryptoMetaData m, ThriftWriter out) throws TException {
    out.structBegin();
    out.field(TType.STRUCT, 1);
    writeEncryptionAlgorithm(require(m.encryptionAlgorithm(), "FileCryptoMetaData.encryption_algorithm"), out);
    out.binary(2, m.keyMetadata());
    out.structEnd();
  }

  // ---------------------------------------------------------------- EncryptionAlgorithm

  /**
   * Reads the union. An algorithm this library does not know is corrupt rather than skipped:
   * nothing of an encrypted file can be read without knowing its algorithm.
   */
  static EncryptionAlgorithm readEncryptionAlgorithm(ThriftReader in) throws TException {
    in.structBegin();
    EncryptionAlgorithm result = null;
    while (in.nextField()) {
      int id = in.fieldId();
      if (id != 1 && id != 2) {
        throw in.corrupt("EncryptionAlgorithm has the unknown member " + id
            + " (known: 1 AES_GCM_V1, 2 AES_GCM_CTR_V1)");
      }
      if (!in.expect(TType.STRUCT)) {
        throw in.corrupt("EncryptionAlgorithm member " + id + " is not a struct");
      }
      result = readAes(in, id);
    }
    in.structEnd();
    if (result == null) {
      throw in.corrupt("EncryptionAlgorithm union has no member");
    }
    return result;
  }

  /** AesGcmV1 and AesGcmCtrV1 have the same fields. */
  private static EncryptionAlgorithm readAes(ThriftReader in, int unionId) throws TException {
    in.structBegin();
    byte[] aadPrefix = null;
    byte[] aadFileUnique = null;
    Boolean supplyAadPrefix = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> aadPrefix = in.expect(TType.STRING) ? in.readBinary() : aadPrefix;
        case 2 -> aadFileUnique = in.expect(TType.STRING) ? in.readBinary() : aadFileUnique;
        case 3 -> supplyAadPrefix = in.expect(TType.BOOL) ? Boolean.valueOf(in.readBool()) : supplyAadPrefix;
        default -> in.skipField();
      }
    }
    in.structEnd();
    return unionId == 1
        ? new AesGcmV1(aadPrefix, aadFileUnique, supplyAadPrefix)
        : new AesGcmCtrV1(aadPrefix, aadFileUnique, supplyAadPrefix);
  }

  static void writeEncryptionAlgorithm(EncryptionAlgorithm a, ThriftWriter out) throws TException {
    out.structBegin();
    out.field(TType.STRUCT, a instanceof AesGcmV1 ? 1 : 2);
    out.structBegin();
    out.binary(1, a.aadPrefix());
    out.binary(2, a.aadFileUnique());
    out.bool(3, a.supplyAadPrefix());
    out.structEnd();
    out.structEnd();
  }

  // ---------------------------------------------------------------- ColumnCryptoMetaData

  /** Reads the union; an unknown member is corrupt for the same reason as an unknown algorithm. */
  static ColumnCryptoMetaData readColumnCryptoMetaData(ThriftReader in) throws TException {
    in.structBegin();
    ColumnCryptoMetaData result = null;
    while (in.nextField()) {
      int id = in.fieldId();
      if (id != 1 && id != 2) {
        throw in.corrupt("ColumnCryptoMetaData has the unknown member " + id
            + " (known: 1 ENCRYPTION_WITH_FOOTER_KEY, 2 ENCRYPTION_WITH_COLUMN_KEY)");
      }
      if (!in.expect(TType.STRUCT)) {
        throw in.corrupt("ColumnCryptoMetaData member " + id + " is not a struct");
      }
      if (id == 1) {
        in.skipField(); // EncryptionWithFooterKey is an empty struct
        result = new ColumnCryptoMetaData.EncryptionWithFooterKey();
      } else {
        result = readColumnKey(in);
      }
    }
    in.structEnd();
    if (result == null) {
      throw in.corrupt("ColumnCryptoMetaData union has no member");
    }
    return result;
  }

  private static ColumnCryptoMetaData readColumnKey(ThriftReader in) throws TException {
    in.structBegin();
    List<String> path = null;
    byte[] keyMetadata = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          int n = in.listBegin(TType.STRING);
          if (n >= 0) {
            path = in.readStringList(n);
          }
        }
        case 2 -> keyMetadata = in.expect(TType.STRING) ? in.readBinary() : keyMetadata;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (path == null) {
      throw in.missing("EncryptionWithColumnKey", "path_in_schema");
    }
    return new ColumnCryptoMetaData.EncryptionWithColumnKey(path, keyMetadata);
  }

  static void writeColumnCryptoMetaData(ColumnCryptoMetaData c, ThriftWriter out) throws TException {
    out.structBegin();
    if (c instanceof ColumnCryptoMetaData.EncryptionWithColumnKey k) {
      out.field(TType.STRUCT, 2);
      out.structBegin();
      out.stringList(1, require(k.pathInSchema(), "EncryptionWithColumnKey.path_in_schema"),
          "EncryptionWithColumnKey.path_in_schema");
      out.binary(2, k.keyMetadata());
      out.structEnd();
    } else {
      out.field(TType.STRUCT, 1);
      out.structBegin();
      out.structEnd();
    }
    out.structEnd();
  }
}
