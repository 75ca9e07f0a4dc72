package org.parquetarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.flatbuffers.FlatBufferBuilder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.MetadataVersion;
import org.apache.arrow.flatbuf.Null;
import org.apache.arrow.flatbuf.Struct_;
import org.apache.arrow.flatbuf.Type;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

class ArrowSchemaCodecTest {

  /** The ARROW:schema value of arrow-testing's ARROW-17100.parquet (written by parquet-cpp 1.5.1). */
  static final String ARROW_17100 = "/////zgBAAAQAAAAAAAKAAwABgAFAAgACgAAAAABBAAEAAAArP///wQAAAAEAAAA1AAAAJQAAABgAAAA"
      + "FAAAABAAGAAIAAYABwAMABAAFAAQAAAAAAABBRQAAAA4AAAAIAAAAAQAAAAAAAAABAAAAGNvbDQAAAAACAAIAAAABAAIAAAABAAAAGD///8A"
      + "AAABIAAAAKj///+k////AAABAxAAAAAcAAAABAAAAAAAAAAEAAAAY29sMwAABgAIAAYABgAAAAAAAgDU////AAABBRAAAAAcAAAABAAAAAAA"
      + "AAAEAAAAY29sMgAAAAAEAAQABAAAABAAFAAIAAYABwAMAAAAEAAQAAAAAAABAhAAAAAgAAAABAAAAAAAAAAEAAAAY29sMQAAAAAIAAwACAAH"
      + "AAgAAAAAAAABCAAAAAAAAAA=";

  @Test
  void decodesWhatArrowCppWrote() {
    // golden ARROW-17100: col1 int8, col2 utf8, col3 double, col4 a dictionary
    Schema s = ArrowSchemaCodec.decode(ARROW_17100).orElseThrow();
    assertEquals("Schema<col1: Int(8, true), col2: Utf8, col3: FloatingPoint(DOUBLE), col4: Utf8[dictionary: 0]>",
        s.toString());
    assertEquals(new DictionaryEncoding(0, false, new ArrowType.Int(32, true)), s.getFields().get(3).getDictionary());
  }

  static Schema sample() {
    Field key = new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null);
    Field value = new Field("value", FieldType.nullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Asia/Tokyo")),
        null);
    Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(key, value));
    return new Schema(List.of(
        new Field("m", FieldType.nullable(new ArrowType.Map(true)), List.of(entries)),
        new Field("d", new FieldType(true, ArrowType.LargeUtf8.INSTANCE,
            new DictionaryEncoding(7, true, new ArrowType.Int(16, false)), Map.of("k", "v")), null)),
        Map.of("pandas", "{}"));
  }

  @Test
  void encodesAsArrowCppDoesAndDecodesBack() {
    Schema schema = sample();
    String value = ArrowSchemaCodec.encode(schema);
    byte[] bytes = Base64.getDecoder().decode(value);
    ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0xFFFFFFFF, buf.getInt(0), "continuation marker");
    int length = buf.getInt(4);
    assertEquals(bytes.length, 8 + length, "the length covers the flatbuffer and its padding");
    assertEquals(0, bytes.length % 8, "padded to 8 bytes");
    Message message = Message.getRootAsMessage(ByteBuffer.wrap(bytes, 8, length).slice().order(ByteOrder.LITTLE_ENDIAN));
    assertEquals(MessageHeader.Schema, message.headerType());
    assertEquals(Optional.of(schema), ArrowSchemaCodec.decode(value));
  }

  @Test
  void decodesMessagesWithoutTheContinuationMarker() {
    byte[] modern = Base64.getDecoder().decode(ArrowSchemaCodec.encode(sample()));
    byte[] legacy = Arrays.copyOfRange(modern, 4, modern.length);
    assertEquals(Optional.of(sample()), ArrowSchemaCodec.decode(Base64.getEncoder().encodeToString(legacy)));
  }

  @Test
  void toleratesLineBreaksInTheBase64() {
    String value = ArrowSchemaCodec.encode(sample());
    String wrapped = value.substring(0, 10) + "\r\n" + value.substring(10);
    assertEquals(Optional.of(sample()), ArrowSchemaCodec.decode(wrapped));
  }

  @Test
  void damagedValuesAreAbsentNotErrors() {
    byte[] good = Base64.getDecoder().decode(ArrowSchemaCodec.encode(sample()));
    assertFalse(ArrowSchemaCodec.decode(null).isPresent());
    assertFalse(ArrowSchemaCodec.decode("").isPresent());
    assertFalse(ArrowSchemaCodec.decode("@@not base64@@=").isPresent());
    assertFalse(ArrowSchemaCodec.decode(b64(new byte[] {-1, -1, -1})).isPresent());
    assertFalse(ArrowSchemaCodec.decode(b64(new byte[] {-1, -1, -1, -1, 1})).isPresent());
    // a length beyond the bytes there, a negative one, zero
    for (int length : new int[] {good.length, -8, 0, Integer.MAX_VALUE}) {
      byte[] b = good.clone();
      ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(4, length);
      assertFalse(ArrowSchemaCodec.decode(b64(b)).isPresent(), "length " + length);
    }
    // truncated
    assertFalse(ArrowSchemaCodec.decode(b64(Arrays.copyOf(good, good.length / 2))).isPresent());
  }

  @Test
  void aMessageOfAnotherKindIsNotASchema() {
    FlatBufferBuilder b = new FlatBufferBuilder();
    org.apache.arrow.flatbuf.RecordBatch.startRecordBatch(b);
    int batch = org.apache.arrow.flatbuf.RecordBatch.endRecordBatch(b);
    b.finish(Message.createMessage(b, MetadataVersion.V5, MessageHeader.RecordBatch, batch, 0, 0));
    assertFalse(ArrowSchemaCodec.decode(frame(b.sizedByteArray())).isPresent());
  }

  @Test
  void randomGarbageNeverThrows() {
    byte[] good = Base64.getDecoder().decode(ArrowSchemaCodec.encode(sample()));
    Random random = new Random(42);
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      for (int i = 0; i < 2_000; i++) {
        byte[] b = good.clone();
        int flips = 1 + random.nextInt(8);
        for (int f = 0; f < flips; f++) {
          b[8 + random.nextInt(b.length - 8)] = (byte) random.nextInt(256);
        }
        ArrowSchemaCodec.decode(b64(b)); // present or absent, never an exception
      }
    });
  }

  @Test
  void sharedChildrenCannotBlowUpIntoAHugeTree() {
    // six levels of sixteen references to the same child: 16^6 fields in about 2 KB
    FlatBufferBuilder b = new FlatBufferBuilder();
    int name = b.createString("f");
    Null.startNull(b);
    int nullType = Null.endNull(b);
    int current = org.apache.arrow.flatbuf.Field.createField(b, name, true, Type.Null, nullType, 0, 0, 0);
    for (int level = 0; level < 6; level++) {
      int[] children = new int[16];
      Arrays.fill(children, current);
      int vector = org.apache.arrow.flatbuf.Field.createChildrenVector(b, children);
      Struct_.startStruct_(b);
      int struct = Struct_.endStruct_(b);
      current = org.apache.arrow.flatbuf.Field.createField(b, name, true, Type.Struct_, struct, 0, vector, 0);
    }
    int fields = org.apache.arrow.flatbuf.Schema.createFieldsVector(b, new int[] {current});
    int schema = org.apache.arrow.flatbuf.Schema.createSchema(b, (short) 0, fields, 0, 0);
    b.finish(Message.createMessage(b, MetadataVersion.V5, MessageHeader.Schema, schema, 0, 0));
    String value = frame(b.sizedByteArray());
    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertFalse(ArrowSchemaCodec.decode(value).isPresent()));
  }

  @Test
  void nestingDeeperThanTheLimitIsRefused() {
    Field f = new Field("leaf", FieldType.nullable(ArrowType.Null.INSTANCE), null);
    for (int i = 0; i < ParquetSchema.MAX_DEPTH; i++) {
      f = new Field("s" + i, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(f));
    }
    String tooDeep = ArrowSchemaCodec.encode(new Schema(List.of(f)));
    assertFalse(ArrowSchemaCodec.decode(tooDeep).isPresent());
    Field ok = f.getChildren().get(0);
    assertTrue(ArrowSchemaCodec.decode(ArrowSchemaCodec.encode(new Schema(List.of(ok)))).isPresent());
  }

  private static String frame(byte[] flatbuffer) {
    ByteBuffer buf = ByteBuffer.allocate(8 + flatbuffer.length).order(ByteOrder.LITTLE_ENDIAN);
    buf.putInt(0xFFFFFFFF).putInt(flatbuffer.length).put(flatbuffer);
    return b64(buf.array());
  }

  private static String b64(byte[] b) {
    return Base64.getEncoder().encodeToString(b);
  }
}
