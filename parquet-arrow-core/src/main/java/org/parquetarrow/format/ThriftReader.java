package org.parquetarrow.format;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryInputTransport;
import org.apache.thrift.transport.TTransportException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;

/**
 * The compact-protocol input the struct codecs read from: libthrift's {@link TCompactProtocol}
 * over a byte array, plus the checks libthrift leaves out. Every string, binary and container
 * length is checked against the bytes left and against {@link MetadataLimits} before anything is
 * allocated; nesting is bounded; unknown fields of any type are skipped.
 *
 * <p>Strings and binaries are read here, straight from the backing array, because
 * {@code TCompactProtocol.readBinary} neither rejects negative lengths nor checks the bytes left
 * before allocating.
 *
 * <p>One instance decodes one top-level struct and is then dropped.
 */
final class ThriftReader {
  /**
   * libthrift's own message-size accounting switched off (its default caps messages at 100 MB):
   * the checks here are exact and {@link MetadataLimits} holds the caps. Never mutated.
   */
  private static final TConfiguration UNLIMITED =
      new TConfiguration(Integer.MAX_VALUE, Integer.MAX_VALUE, TConfiguration.DEFAULT_RECURSION_DEPTH);

  private final byte[] array;
  private int start;
  private int length;
  private final TMemoryInputTransport transport;
  private final TCompactProtocol protocol;
  private final MetadataLimits limits;
  private final String topStruct;
  private final long fileOffset;
  /** Where {@code start} is in the serialized top-level struct, for error messages. */
  private int base;
  private int depth;
  private byte fieldType;
  private short fieldId;
  private byte listElementType;

  private ThriftReader(
      byte[] array, int start, int length, MetadataLimits limits, String topStruct, long fileOffset) {
    this(array, start, length, limits, topStruct, fileOffset, 0, 0);
  }

  private ThriftReader(byte[] array, int start, int length, MetadataLimits limits, String topStruct,
      long fileOffset, int base, int depth) {
    this.base = base;
    this.depth = depth;
    this.array = array;
    this.start = start;
    this.length = length;
    this.limits = limits;
    this.topStruct = topStruct;
    this.fileOffset = fileOffset;
    try {
      this.transport = new TMemoryInputTransport(UNLIMITED, array, start, length);
    } catch (TTransportException e) {
      throw new IllegalStateException("in-memory thrift transport refused a byte array", e);
    }
    this.protocol = new TCompactProtocol(transport);
  }

  /**
   * A reader of the bytes from {@code buf.position()} to {@code buf.limit()}. Heap buffers are
   * read in place; direct buffers are copied once.
   *
   * @param fileOffset where {@code buf.position()} is in the file, for error locations, or -1
   */
  static ThriftReader over(ByteBuffer buf, MetadataLimits limits, String topStruct, long fileOffset) {
    return over(buf, buf.remaining(), limits, topStruct, fileOffset);
  }

  /**
   * A reader of at most the first {@code window} bytes of a direct buffer (all of a heap buffer,
   * which costs nothing). Used for headers that sit in front of their payload, so that a buffer
   * holding a whole column chunk is not copied for every page header.
   */
  static ThriftReader over(
      ByteBuffer buf, int window, MetadataLimits limits, String topStruct, long fileOffset) {
    if (buf.hasArray()) {
      return new ThriftReader(buf.array(), buf.arrayOffset() + buf.position(), buf.remaining(),
          limits, topStruct, fileOffset);
    }
    byte[] copy = new byte[Math.min(window, buf.remaining())];
    buf.get(buf.position(), copy);
    return new ThriftReader(copy, 0, copy.length, limits, topStruct, fileOffset);
  }

  /**
   * A reader of a struct found inside a larger one and decoded later ({@link LazyColumnChunks}):
   * {@code array[start..start+length)} was at byte {@code base} of the serialized
   * {@code topStruct} (which starts at {@code fileOffset} in the file, or -1), nested
   * {@code depth} deep, so limits and error locations are those of a decode in one go.
   */
  static ThriftReader nested(byte[] array, int start, int length, MetadataLimits limits,
      String topStruct, long fileOffset, int base, int depth) {
    return new ThriftReader(array, start, length, limits, topStruct, fileOffset, base, depth);
  }

  /**
   * Points this reader at another struct of the same array (a reader made by {@link #nested}),
   * so that decoding many small structs one at a time does not build a reader for each.
   */
  void moveTo(int start, int length, int base, int depth) {
    this.start = start;
    this.length = length;
    this.base = base;
    this.depth = depth;
    transport.reset(array, start, length);
    protocol.reset();
  }

  /** The backing array; with {@link #arrayPosition()}, where a struct about to be read starts. */
  byte[] array() {
    return array;
  }

  /** The position in {@link #array()} of the next byte to read. */
  int arrayPosition() {
    return transport.getBufferPosition();
  }

  MetadataLimits limits() {
    return limits;
  }

  String topStruct() {
    return topStruct;
  }

  /** Where the top-level struct starts in the file, or -1. */
  long fileOffset() {
    return fileOffset;
  }

  /** Where the next byte to read is in the serialized top-level struct. */
  int structPosition() {
    return base + consumed();
  }

  /** How deep the reader is in nested structs and containers. */
  int depth() {
    return depth;
  }

  /**
   * Skips one struct by scanning its bytes directly rather than through libthrift, which costs
   * about as much as decoding it. The structure is checked as a decode checks it (every length
   * against the bytes left and {@link MetadataLimits}, nesting, known wire types), and the scan
   * never reads past the input; a value a decode would still refuse is found by that decode.
   */
  void skimStruct() {
    int end = start + length;
    int pos = skimStruct(transport.getBufferPosition(), end, depth);
    transport.consumeBuffer(pos - transport.getBufferPosition());
  }

  private int skimStruct(int pos, int end, int outerDepth) {
    int d = outerDepth + 1;
    if (d > limits.maxDepth()) {
      throw corrupt("metadata nested deeper than the limit of " + limits.maxDepth());
    }
    while (true) {
      int header = byteAt(pos++, end);
      if (header == 0) {
        return pos;
      }
      if ((header >>> 4) == 0) {
        pos = skimVarint(pos, end); // a field id too far from the last one: given in full
      }
      int type = header & 0x0f;
      // in a field header the bool's value is the type itself (1 true, 2 false): no payload
      pos = type == 1 || type == 2 ? pos : skimValue(pos, end, type, d);
    }
  }

  private int skimValue(int pos, int end, int type, int d) {
    switch (type) {
      case 1, 2, 3 -> {
        return checkedEnd(pos, 1, end); // a bool element or a byte
      }
      case 4, 5, 6 -> {
        return skimVarint(pos, end);
      }
      case 7 -> {
        return checkedEnd(pos, 8, end);
      }
      case 8 -> {
        long n = varintAt(pos, end);
        pos = skimVarint(pos, end);
        if (n > limits.maxStringBytes()) {
          throw corruptAt(pos, "string of " + n + " bytes exceeds the limit of " + limits.maxStringBytes());
        }
        return checkedEnd(pos, n, end);
      }
      case 9, 10 -> {
        int sizeAndType = byteAt(pos++, end);
        long size = sizeAndType >>> 4;
        if (size == 15) {
          size = varintAt(pos, end);
          pos = skimVarint(pos, end);
        }
        return skimElements(pos, end, size, 1, sizeAndType & 0x0f, -1, d);
      }
      case 11 -> {
        long size = varintAt(pos, end);
        pos = skimVarint(pos, end);
        if (size == 0) {
          return pos;
        }
        int types = byteAt(pos++, end);
        return skimElements(pos, end, size, 2, types >>> 4, types & 0x0f, d);
      }
      case 12 -> {
        return skimStruct(pos, end, d);
      }
      case 13 -> {
        return checkedEnd(pos, 16, end);
      }
      default -> throw corruptAt(pos, "unknown compact element type " + type);
    }
  }

  /** Skips {@code size} list elements of {@code type}, or map entries when {@code valueType >= 0}. */
  private int skimElements(int pos, int end, long size, int minBytes, int type, int valueType, int d) {
    long left = end - pos;
    if (size > left / minBytes) {
      throw corruptAt(pos, "container of " + size + " elements but only " + left + " bytes left");
    }
    if (size > limits.maxListElements()) {
      throw corruptAt(pos, "container of " + size + " elements exceeds the limit of " + limits.maxListElements());
    }
    if (size > 0 && d + 1 > limits.maxDepth()) {
      throw corruptAt(pos, "metadata nested deeper than the limit of " + limits.maxDepth());
    }
    for (long i = 0; i < size; i++) {
      pos = skimValue(pos, end, type, d + 1);
      if (valueType >= 0) {
        pos = skimValue(pos, end, valueType, d + 1);
      }
    }
    return pos;
  }

  private int byteAt(int pos, int end) {
    if (pos >= end) {
      throw corruptAt(pos, "truncated: the input ends inside the struct");
    }
    return array[pos] & 0xff;
  }

  private int checkedEnd(int pos, long n, int end) {
    if (n > end - pos) {
      throw corruptAt(pos, "value of " + n + " bytes but only " + (end - pos) + " bytes left");
    }
    return (int) (pos + n);
  }

  /** The end of the varint at {@code pos} (at most 10 bytes, as libthrift reads). */
  private int skimVarint(int pos, int end) {
    for (int i = 0; i < 10; i++) {
      if ((byteAt(pos++, end) & 0x80) == 0) {
        return pos;
      }
    }
    throw corruptAt(pos, "variable-length int over 10 bytes");
  }

  /** The unsigned value of the varint at {@code pos}, for a size or length (negative: corrupt). */
  private long varintAt(int pos, int end) {
    long v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = byteAt(pos++, end);
      v |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        if (v > Integer.MAX_VALUE) {
          throw corruptAt(pos, "length or size " + v + " out of range");
        }
        return v;
      }
    }
    throw corruptAt(pos, "length or size varint over 5 bytes");
  }

  /** A corrupt-input error at array position {@code pos}. */
  private CorruptFileException corruptAt(int pos, String problem) {
    transport.consumeBuffer(Math.min(pos, start + length) - transport.getBufferPosition());
    return corrupt(problem);
  }

  /** Whether this reader saw every byte of {@code buf}, so that its verdict is final. */
  boolean coversAllOf(ByteBuffer buf) {
    return length == buf.remaining();
  }

  /** Whether every byte of the input has been consumed (or a varint ran past it). */
  boolean atEnd() {
    return transport.getBytesRemainingInBuffer() <= 0;
  }

  /** Bytes consumed since the start. */
  int consumed() {
    return transport.getBufferPosition() - start;
  }

  /**
   * Fails if a malformed varint made libthrift read past the end (its fast path does not stop
   * at the end of the input, it only stops at the end of the array).
   */
  void checkNotOverrun() {
    if (transport.getBytesRemainingInBuffer() < 0) {
      throw corrupt("a varint runs past the end of the input");
    }
  }

  // ---------------------------------------------------------------- structs and fields

  void structBegin() throws TException {
    if (++depth > limits.maxDepth()) {
      throw corrupt("metadata nested deeper than the limit of " + limits.maxDepth());
    }
    protocol.readStructBegin();
  }

  void structEnd() throws TException {
    protocol.readStructEnd();
    depth--;
  }

  /** Reads the next field header; {@code false} at the end of the struct. */
  boolean nextField() throws TException {
    // readFieldBeginData packs type and id into an int: no TField allocated per field.
    int data = protocol.readFieldBeginData();
    byte type = (byte) data;
    if (type == TType.STOP) {
      return false;
    }
    fieldType = type;
    fieldId = (short) (data >>> 8);
    return true;
  }

  short fieldId() {
    return fieldId;
  }

  /**
   * Whether the current field has the wire type the IDL gives it. A field of another type is
   * skipped, as generated thrift code does, so it reads as absent.
   */
  boolean expect(byte type) throws TException {
    if (matches(fieldType, type)) {
      return true;
    }
    skip(fieldType);
    return false;
  }

  /**
   * Whether a value of wire type {@code actual} can be read as {@code expected}. An i16 reads as
   * an i32: both are zigzag varints in the compact protocol, and some writers (and corrupters)
   * declare i32 lists as i16 lists, which generated thrift readers never notice.
   */
  private static boolean matches(byte actual, byte expected) {
    return actual == expected || (expected == TType.I32 && actual == TType.I16);
  }

  /** Skips the value of the current field. */
  void skipField() throws TException {
    skip(fieldType);
  }

  // ---------------------------------------------------------------- values

  boolean readBool() throws TException {
    return protocol.readBool();
  }

  byte readByte() throws TException {
    return protocol.readByte();
  }

  short readI16() throws TException {
    return protocol.readI16();
  }

  int readI32() throws TException {
    return protocol.readI32();
  }

  long readI64() throws TException {
    return protocol.readI64();
  }

  double readDouble() throws TException {
    return protocol.readDouble();
  }

  String readString() throws TException {
    int length = readLength();
    int pos = transport.getBufferPosition();
    String s = new String(array, pos, length, StandardCharsets.UTF_8);
    transport.consumeBuffer(length);
    return s;
  }

  byte[] readBinary() throws TException {
    int length = readLength();
    int pos = transport.getBufferPosition();
    byte[] b = Arrays.copyOfRange(array, pos, pos + length);
    transport.consumeBuffer(length);
    return b;
  }

  /** The length prefix of a string or binary, checked before anything is allocated. */
  private int readLength() throws TException {
    int length = readVarint32();
    if (length < 0) {
      throw corrupt("negative string length " + length);
    }
    if (length > transport.getBytesRemainingInBuffer()) {
      throw corrupt("string of " + length + " bytes but only "
          + Math.max(0, transport.getBytesRemainingInBuffer()) + " bytes left");
    }
    if (length > limits.maxStringBytes()) {
      throw corrupt("string of " + length + " bytes exceeds the limit of " + limits.maxStringBytes());
    }
    return length;
  }

  // ---------------------------------------------------------------- lists

  /**
   * Starts reading the current field as a list of {@code elementType}. Returns the checked
   * element count, or -1 when the field is not such a list (it has then been skipped and reads
   * as absent, like any field of an unexpected type).
   */
  int listBegin(byte elementType) throws TException {
    if (fieldType != TType.LIST && fieldType != TType.SET) {
      skip(fieldType);
      return -1;
    }
    int size = listHeader();
    if (size > 0 && !matches(listElementType, elementType)) {
      skipElements(size, listElementType);
      return -1;
    }
    return size;
  }

  /**
   * Reads a list or set header and checks its size; the element type is left in
   * {@link #listElementType}. Parsed here rather than by {@code readListBegin} so that a bad size
   * gets a message that says what is wrong.
   */
  private int listHeader() throws TException {
    int sizeAndType = protocol.readByte() & 0xff;
    int size = sizeAndType >>> 4;
    if (size == 15) {
      size = readVarint32();
    }
    // An empty list has no element to type: hyparquet writes type 0 there, and readers accept it.
    listElementType = size == 0 ? TType.STOP : elementType(sizeAndType & 0x0f);
    checkContainerSize(size, 1, "list");
    return size;
  }

  /**
   * Reads a plain (not zigzag) varint of up to 32 bits through libthrift: {@code readI32} reads a
   * zigzag varint, so zigzag-encoding its result gives the raw value back.
   */
  private int readVarint32() throws TException {
    int n = protocol.readI32();
    return (n << 1) ^ (n >> 31);
  }

  private void checkContainerSize(int size, int minBytesPerElement, String kind) {
    if (size < 0) {
      throw corrupt("negative " + kind + " size " + size);
    }
    // Every compact element takes at least one byte (a bool element is one byte, an empty
    // struct its stop byte), so a list cannot hold more elements than there are bytes left.
    int left = Math.max(0, transport.getBytesRemainingInBuffer());
    if (size > left / minBytesPerElement) {
      throw corrupt(kind + " of " + size + " elements but only " + left + " bytes left");
    }
    if (size > limits.maxListElements()) {
      throw corrupt(kind + " of " + size + " elements exceeds the limit of " + limits.maxListElements());
    }
  }

  /** The {@link TType} of a compact-protocol element type code. */
  private byte elementType(int compactType) {
    return switch (compactType) {
      case 1, 2 -> TType.BOOL;
      case 3 -> TType.BYTE;
      case 4 -> TType.I16;
      case 5 -> TType.I32;
      case 6 -> TType.I64;
      case 7 -> TType.DOUBLE;
      case 8 -> TType.STRING;
      case 9 -> TType.LIST;
      case 10 -> TType.SET;
      case 11 -> TType.MAP;
      case 12 -> TType.STRUCT;
      case 13 -> TType.UUID;
      default -> throw corrupt("unknown compact element type " + compactType);
    };
  }

  // ---------------------------------------------------------------- lists of primitives

  List<Boolean> readBoolList(int size) throws TException {
    Object[] out = new Object[size];
    for (int i = 0; i < size; i++) {
      out[i] = protocol.readBool();
    }
    return FrozenList.of(out);
  }

  List<Integer> readI32List(int size) throws TException {
    Object[] out = new Object[size];
    for (int i = 0; i < size; i++) {
      out[i] = protocol.readI32();
    }
    return FrozenList.of(out);
  }

  List<Long> readI64List(int size) throws TException {
    Object[] out = new Object[size];
    for (int i = 0; i < size; i++) {
      out[i] = protocol.readI64();
    }
    return FrozenList.of(out);
  }

  List<String> readStringList(int size) throws TException {
    Object[] out = new Object[size];
    for (int i = 0; i < size; i++) {
      out[i] = readString();
    }
    return FrozenList.of(out);
  }

  List<byte[]> readBinaryList(int size) throws TException {
    Object[] out = new Object[size];
    for (int i = 0; i < size; i++) {
      out[i] = readBinary();
    }
    return FrozenList.of(out);
  }

  // ---------------------------------------------------------------- skipping

  private void skip(byte type) throws TException {
    switch (type) {
      case TType.BOOL -> protocol.readBool(); // also clears the value held from a bool field header
      case TType.BYTE -> protocol.readByte();
      case TType.I16, TType.I32 -> protocol.readI32();
      case TType.I64 -> protocol.readI64();
      case TType.DOUBLE -> protocol.readDouble();
      case TType.STRING -> transport.consumeBuffer(readLength());
      case TType.UUID -> protocol.readUuid();
      case TType.STRUCT -> {
        structBegin();
        while (nextField()) {
          skip(fieldType);
        }
        structEnd();
      }
      case TType.LIST, TType.SET -> skipElements(listHeader(), listElementType);
      case TType.MAP -> skipMap();
      default -> throw corrupt("unknown thrift type " + type);
    }
  }

  private void skipElements(int size, byte type) throws TException {
    enterContainer();
    for (int i = 0; i < size; i++) {
      skip(type);
    }
    depth--;
  }

  private void skipMap() throws TException {
    int size = readVarint32();
    // an empty map has no type byte; a key and a value take at least one byte each
    checkContainerSize(size, 2, "map");
    if (size == 0) {
      return;
    }
    int types = protocol.readByte() & 0xff;
    byte keyType = elementType(types >>> 4);
    byte valueType = elementType(types & 0x0f);
    enterContainer();
    for (int i = 0; i < size; i++) {
      skip(keyType);
      skip(valueType);
    }
    depth--;
  }

  private void enterContainer() {
    if (++depth > limits.maxDepth()) {
      throw corrupt("metadata nested deeper than the limit of " + limits.maxDepth());
    }
  }

  // ---------------------------------------------------------------- errors

  /** A corrupt-input error naming the top-level struct and the byte where it was found. */
  CorruptFileException corrupt(String problem) {
    return corrupt(problem, null);
  }

  CorruptFileException corrupt(String problem, Throwable cause) {
    int at = base + Math.max(0, Math.min(consumed(), length));
    ErrorLocation where = fileOffset >= 0 ? ErrorLocation.UNKNOWN.withOffset(fileOffset + at) : null;
    return new CorruptFileException(
        problem + " (at byte " + at + " of the serialized " + topStruct + ")", where, cause);
  }

  /** The error for a required field that is absent: {@code "ColumnMetaData.type is required but missing"}. */
  CorruptFileException missing(String struct, String field) {
    return corrupt(struct + "." + field + " is required but missing");
  }
}
