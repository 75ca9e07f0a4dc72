package org.parquetarrow.read.page;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryInputTransport;

/**
 * Test-only: the few page header fields the tests compare against, read with libthrift's own
 * compact protocol (not this library's parser) straight from the file bytes.
 *
 * @param type thrift PageType value
 * @param uncompressed uncompressed_page_size
 * @param compressed compressed_page_size
 * @param headerLength bytes of the serialised header
 * @param hasCrc whether the crc field is present
 */
record IndependentHeader(
    int type, int uncompressed, int compressed, int headerLength, boolean hasCrc) {

  static IndependentHeader at(byte[] file, long offset) {
    try {
      TMemoryInputTransport t =
          new TMemoryInputTransport(file, (int) offset, file.length - (int) offset);
      TProtocol p = new TCompactProtocol(t);
      int type = -1;
      int uncompressed = -1;
      int compressed = -1;
      boolean crc = false;
      p.readStructBegin();
      for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
        if (f.id == 1 && f.type == TType.I32) {
          type = p.readI32();
        } else if (f.id == 2 && f.type == TType.I32) {
          uncompressed = p.readI32();
        } else if (f.id == 3 && f.type == TType.I32) {
          compressed = p.readI32();
        } else if (f.id == 4 && f.type == TType.I32) {
          p.readI32();
          crc = true;
        } else {
          TProtocolUtil.skip(p, f.type);
        }
        p.readFieldEnd();
      }
      p.readStructEnd();
      return new IndependentHeader(
          type, uncompressed, compressed, t.getBufferPosition() - (int) offset, crc);
    } catch (TException e) {
      throw new AssertionError("no page header at " + offset, e);
    }
  }
}
