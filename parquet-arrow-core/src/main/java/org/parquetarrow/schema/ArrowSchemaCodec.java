package org.parquetarrow.schema;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.Optional;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code ARROW:schema} key/value entry Arrow writers store in a Parquet footer: the base64 of
 * an Arrow IPC Schema message, as Arrow C++ writes it (the {@code 0xFFFFFFFF} continuation marker,
 * a little-endian int32 length, the flatbuffer, padding to 8 bytes). Messages written before Arrow
 * 0.15, without the marker, are read too.
 *
 * <pre>{@code
 * String value = ArrowSchemaCodec.encode(arrowSchema);
 * Optional<Schema> back = ArrowSchemaCodec.decode(value); // equals arrowSchema
 * }</pre>
 *
 * <p>Decoding never throws: a damaged entry (bad base64, impossible lengths, a flatbuffer that does
 * not parse, nesting deeper than {@link ParquetSchema#MAX_DEPTH}, more fields than its bytes can
 * honestly hold) is logged and reported as absent, so a file with a broken hint stays readable.
 * Arrow C++ instead fails to open such a file.
 */
public final class ArrowSchemaCodec {
  /** The key/value metadata key. */
  public static final String METADATA_KEY = "ARROW:schema";

  private static final Logger LOG = LoggerFactory.getLogger(ArrowSchemaCodec.class);
  private static final int CONTINUATION = 0xFFFFFFFF;
  /** No honest flatbuffer field or key/value table takes fewer bytes than this. */
  private static final int MIN_TABLE_BYTES = 8;

  private ArrowSchemaCodec() {}

  /** The base64 value to store under {@link #METADATA_KEY} for {@code schema}. */
  public static String encode(Schema schema) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (WriteChannel channel = new WriteChannel(Channels.newChannel(out))) {
      MessageSerializer.serialize(channel, schema);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialise the Arrow schema", e);
    }
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }

  /** The Arrow schema stored in {@code value}, or empty when it is absent or damaged. */
  public static Optional<Schema> decode(String value) {
    if (value == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(decodeOrThrow(value));
    } catch (MalformedSchemaException | RuntimeException e) {
      LOG.warn("ignoring a damaged {} entry: {}", METADATA_KEY, e.toString());
      return Optional.empty();
    }
  }

  static Schema decodeOrThrow(String value) throws MalformedSchemaException {
    byte[] bytes;
    try {
      // the MIME decoder skips line breaks and stray characters, as Arrow C++'s decoder tolerates
      bytes = Base64.getMimeDecoder().decode(value);
    } catch (IllegalArgumentException e) {
      throw new MalformedSchemaException("not base64: " + e.getMessage());
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length < 4) {
      throw new MalformedSchemaException(bytes.length + " bytes, too short for a message");
    }
    int start = 4;
    int length = buf.getInt(0);
    if (length == CONTINUATION) {
      if (bytes.length < 8) {
        throw new MalformedSchemaException("the message length is missing");
      }
      length = buf.getInt(4);
      start = 8;
    }
    if (length <= 0 || length > bytes.length - start) {
      throw new MalformedSchemaException("message length " + length + " but " + (bytes.length - start)
          + " bytes follow");
    }
    ByteBuffer body = ByteBuffer.wrap(bytes, start, length).slice().order(ByteOrder.LITTLE_ENDIAN);
    Message message = Message.getRootAsMessage(body);
    if (message.headerType() != MessageHeader.Schema) {
      throw new MalformedSchemaException("the message is a " + MessageHeader.name(message.headerType() & 0xff)
          + ", not a Schema");
    }
    org.apache.arrow.flatbuf.Schema flat =
        (org.apache.arrow.flatbuf.Schema) message.header(new org.apache.arrow.flatbuf.Schema());
    if (flat == null) {
      throw new MalformedSchemaException("the Schema header is missing");
    }
    checkShape(flat, length);
    return Schema.convertSchema(flat);
  }

  /**
   * Flatbuffer tables may share children, so a small buffer can describe an exponentially large
   * tree; walk it iteratively with a node budget and a depth limit before converting recursively.
   */
  private static void checkShape(org.apache.arrow.flatbuf.Schema schema, int bytes)
      throws MalformedSchemaException {
    long budget = bytes / MIN_TABLE_BYTES + 16;
    long used = schema.customMetadataLength();
    Deque<org.apache.arrow.flatbuf.Field> fields = new ArrayDeque<>();
    Deque<Integer> depths = new ArrayDeque<>();
    int top = schema.fieldsLength();
    if (top < 0) {
      throw new MalformedSchemaException("negative field count");
    }
    for (int i = 0; i < top; i++) {
      if (++used > budget) {
        throw new MalformedSchemaException("more fields than " + bytes + " bytes can hold");
      }
      fields.push(schema.fields(i));
      depths.push(1);
    }
    while (!fields.isEmpty()) {
      org.apache.arrow.flatbuf.Field f = fields.pop();
      int depth = depths.pop();
      if (f == null) {
        throw new MalformedSchemaException("a field is missing");
      }
      if (depth > ParquetSchema.MAX_DEPTH) {
        throw new MalformedSchemaException("fields nested deeper than " + ParquetSchema.MAX_DEPTH);
      }
      int children = f.childrenLength();
      int metadata = f.customMetadataLength();
      if (children < 0 || metadata < 0) {
        throw new MalformedSchemaException("negative child or metadata count");
      }
      used += metadata + (long) children;
      if (used > budget) {
        throw new MalformedSchemaException("more fields than " + bytes + " bytes can hold");
      }
      for (int i = 0; i < children; i++) {
        fields.push(f.children(i));
        depths.push(depth + 1);
      }
    }
  }

  /** The stored schema is damaged. */
  static final class MalformedSchemaException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedSchemaException(String message) {
      super(message);
    }
  }
}
