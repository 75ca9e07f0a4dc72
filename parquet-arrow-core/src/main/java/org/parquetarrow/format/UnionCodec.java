package org.parquetarrow.format;

import java.util.function.IntFunction;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/**
 * Codec of the thrift unions whose members are all empty structs ({@code ColumnOrder},
 * {@code TimeUnit}, the bloom filter unions), which the model holds as enums keyed by the member's
 * field id.
 */
final class UnionCodec {
  private UnionCodec() {}

  /**
   * Reads such a union. Returns the constant of the member present (the last one if a broken
   * writer wrote several), or {@code null} when that member is unknown to {@code byFieldId}. A
   * union with no member at all is corrupt.
   */
  static <T> T readEmptyMembers(ThriftReader in, String union, IntFunction<T> byFieldId)
      throws TException {
    in.structBegin();
    T result = null;
    boolean any = false;
    while (in.nextField()) {
      any = true;
      int id = in.fieldId();
      if (in.expect(TType.STRUCT)) {
        in.skipField(); // the member's empty struct, or whatever fields a newer writer put in it
        result = byFieldId.apply(id);
      } else {
        result = null;
      }
    }
    in.structEnd();
    if (!any) {
      throw in.corrupt(union + " union has no member");
    }
    return result;
  }

  /** Writes such a union with the member of field id {@code fieldId}. */
  static void writeEmptyMember(int fieldId, ThriftWriter out) throws TException {
    out.structBegin();
    out.field(TType.STRUCT, fieldId);
    out.structBegin();
    out.structEnd();
    out.structEnd();
  }
}
