package org.parquetarrow.format;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TTransport;

/**
 * The compact-protocol output the struct codecs write to: libthrift's {@link TCompactProtocol}
 * over a growable byte array. Field helpers write a field only when they are given a value, so
 * optional fields left {@code null} are omitted; {@link #require} and {@link #enumValue} refuse
 * what cannot be written.
 */
final class ThriftWriter {
  private static final TStruct ANONYMOUS = new TStruct("");
  /** Field headers for every type and the ids Parquet uses, shared instead of one per write. */
  private static final TField[][] FIELDS = new TField[17][32];

  static {
    for (int type = 0; type < FIELDS.length; type++) {
      for (int id = 0; id < FIELDS[type].length; id++) {
        FIELDS[type][id] = new TField("", (byte) type, (short) id);
      }
    }
  }

  private final ByteSink sink = new ByteSink();
  private final TCompactProtocol protocol = new TCompactProtocol(sink);

  byte[] toByteArray() {
    return sink.toByteArray();
  }

  byte[] buffer() {
    return sink.bytes;
  }

  int size() {
    return sink.size;
  }

  // ---------------------------------------------------------------- structs and fields

  void structBegin() throws TException {
    protocol.writeStructBegin(ANONYMOUS);
  }

  void structEnd() throws TException {
    protocol.writeFieldStop();
    protocol.writeStructEnd();
  }

  /** Writes a field header; the caller writes the value next. */
  void field(byte type, int id) throws TException {
    protocol.writeFieldBegin(FIELDS[type][id]);
  }

  void bool(int id, boolean v) throws TException {
    field(TType.BOOL, id);
    protocol.writeBool(v);
  }

  void bool(int id, Boolean v) throws TException {
    if (v != null) {
      bool(id, v.booleanValue());
    }
  }

  void i8(int id, byte v) throws TException {
    field(TType.BYTE, id);
    protocol.writeByte(v);
  }

  void i16(int id, short v) throws TException {
    field(TType.I16, id);
    protocol.writeI16(v);
  }

  void i16(int id, Short v) throws TException {
    if (v != null) {
      i16(id, v.shortValue());
    }
  }

  void i32(int id, int v) throws TException {
    field(TType.I32, id);
    protocol.writeI32(v);
  }

  void i32(int id, Integer v) throws TException {
    if (v != null) {
      i32(id, v.intValue());
    }
  }

  void i64(int id, long v) throws TException {
    field(TType.I64, id);
    protocol.writeI64(v);
  }

  void i64(int id, Long v) throws TException {
    if (v != null) {
      i64(id, v.longValue());
    }
  }

  void f64(int id, double v) throws TException {
    field(TType.DOUBLE, id);
    protocol.writeDouble(v);
  }

  void f64(int id, Double v) throws TException {
    if (v != null) {
      f64(id, v.doubleValue());
    }
  }

  void string(int id, String v) throws TException {
    if (v != null) {
      field(TType.STRING, id);
      protocol.writeString(v);
    }
  }

  void binary(int id, byte[] v) throws TException {
    if (v != null) {
      field(TType.STRING, id);
      binaryValue(v);
    }
  }

  /** Writes a list field header; the caller writes {@code size} elements next. */
  void list(int id, byte elementType, int size) throws TException {
    field(TType.LIST, id);
    protocol.writeListBegin(new TList(elementType, size));
  }

  // ---------------------------------------------------------------- bare values (list elements)

  void boolValue(boolean v) throws TException {
    protocol.writeBool(v);
  }

  void i32Value(int v) throws TException {
    protocol.writeI32(v);
  }

  void i64Value(long v) throws TException {
    protocol.writeI64(v);
  }

  void stringValue(String v) throws TException {
    protocol.writeString(v);
  }

  void binaryValue(byte[] v) throws TException {
    protocol.writeBinary(ByteBuffer.wrap(v));
  }

  // ---------------------------------------------------------------- lists of primitives

  void boolList(int id, List<Boolean> v, String structAndField) throws TException {
    if (v != null) {
      list(id, TType.BOOL, v.size());
      for (Boolean b : v) {
        protocol.writeBool(element(b, structAndField));
      }
    }
  }

  void i32List(int id, List<Integer> v, String structAndField) throws TException {
    if (v != null) {
      list(id, TType.I32, v.size());
      for (Integer x : v) {
        protocol.writeI32(element(x, structAndField));
      }
    }
  }

  void i64List(int id, List<Long> v, String structAndField) throws TException {
    if (v != null) {
      list(id, TType.I64, v.size());
      for (Long x : v) {
        protocol.writeI64(element(x, structAndField));
      }
    }
  }

  void stringList(int id, List<String> v, String structAndField) throws TException {
    if (v != null) {
      list(id, TType.STRING, v.size());
      for (String x : v) {
        protocol.writeString(element(x, structAndField));
      }
    }
  }

  void binaryList(int id, List<byte[]> v, String structAndField) throws TException {
    if (v != null) {
      list(id, TType.STRING, v.size());
      for (byte[] x : v) {
        binaryValue(element(x, structAndField));
      }
    }
  }

  // ---------------------------------------------------------------- refusing what cannot be written

  /** {@code value}, or an {@link IllegalArgumentException} naming the required field that is null. */
  static <T> T require(T value, String structAndField) {
    if (value == null) {
      throw new IllegalArgumentException(structAndField + " is required but null");
    }
    return value;
  }

  /**
   * The thrift value of an enum constant, refusing {@code UNKNOWN} (every model enum gives it the
   * value -1): a value this library could not read cannot be written back.
   */
  static int enumValue(int value, Object constant, String structAndField) {
    if (value < 0) {
      throw new IllegalArgumentException(
          structAndField + " is " + constant + ", which cannot be written");
    }
    return value;
  }

  /** A list element that must not be null. */
  static <T> T element(T value, String structAndField) {
    if (value == null) {
      throw new IllegalArgumentException(structAndField + " holds a null element");
    }
    return value;
  }

  /** A write-only transport appending to a growable array, without the locking of {@code ByteArrayOutputStream}. */
  private static final class ByteSink extends TTransport {
    byte[] bytes = new byte[256];
    int size;

    @Override
    public void write(byte[] buf, int off, int len) {
      ensure(len);
      System.arraycopy(buf, off, bytes, size, len);
      size += len;
    }

    @Override
    public int write(ByteBuffer src) {
      int len = src.remaining();
      ensure(len);
      src.get(bytes, size, len);
      size += len;
      return len;
    }

    private void ensure(int extra) {
      if (extra > bytes.length - size) {
        long want = Math.max((long) bytes.length * 2, (long) size + extra);
        if (want > Integer.MAX_VALUE - 8) {
          throw new IllegalArgumentException("serialized metadata would exceed 2 GiB");
        }
        bytes = Arrays.copyOf(bytes, (int) want);
      }
    }

    byte[] toByteArray() {
      return Arrays.copyOf(bytes, size);
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void open() {}

    @Override
    public void close() {}

    @Override
    public int read(byte[] buf, int off, int len) {
      throw new UnsupportedOperationException("write-only transport");
    }

    @Override
    public TConfiguration getConfiguration() {
      return TConfiguration.DEFAULT;
    }

    @Override
    public void updateKnownMessageSize(long size) {}

    @Override
    public void checkReadBytesAvailable(long numBytes) {}

    @Override
    public void resetMessageSizeAndConsumedBytes(long newSize) {}
  }
}
