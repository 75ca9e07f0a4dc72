package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.element;
import static org.parquetarrow.format.ThriftWriter.require;

import java.util.List;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/** Compact-protocol codec of {@code KeyValue}, used by file and column chunk metadata. */
final class KeyValueCodec {
  private KeyValueCodec() {}

  static List<KeyValue> readList(ThriftReader in, int n) throws TException {
    Object[] out = new Object[n];
    for (int i = 0; i < n; i++) {
      out[i] = read(in);
    }
    return FrozenList.of(out);
  }

  static KeyValue read(ThriftReader in) throws TException {
    in.structBegin();
    String key = null;
    String value = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> key = in.expect(TType.STRING) ? in.readString() : key;
        case 2 -> value = in.expect(TType.STRING) ? in.readString() : value;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (key == null) {
      throw in.missing("KeyValue", "key");
    }
    return new KeyValue(key, value);
  }

  static void writeList(int id, List<KeyValue> list, ThriftWriter out, String structAndField)
      throws TException {
    if (list == null) {
      return;
    }
    out.list(id, TType.STRUCT, list.size());
    for (KeyValue kv : list) {
      write(element(kv, structAndField), out);
    }
  }

  static void write(KeyValue kv, ThriftWriter out) throws TException {
    out.structBegin();
    out.string(1, require(kv.key(), "KeyValue.key"));
    out.string(2, kv.value());
    out.structEnd();
  }
}
