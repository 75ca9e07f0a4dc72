package org.parquetarrow.variant;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The metadata half of a Variant: its dictionary of field names, checked against the bytes when
 * parsed (version 1, every offset inside the bytes and non-decreasing, UTF-8 names). Immutable.
 *
 * <pre>{@code
 * VariantMetadata m = VariantMetadata.parse(metadataBytes);
 * int id = m.find("event_type");     // -1 when absent
 * String name = m.name(0);
 * }</pre>
 */
public final class VariantMetadata {
  /** The only version of the encoding. */
  public static final int VERSION = 1;

  private final byte[] bytes;
  private final boolean sorted;
  private final String[] names;

  private VariantMetadata(byte[] bytes, boolean sorted, String[] names) {
    this.bytes = bytes;
    this.sorted = sorted;
    this.names = names;
  }

  /**
   * Parses metadata that fills {@code bytes} exactly.
   *
   * @throws VariantFormatException when the bytes are not valid metadata or have bytes after it
   */
  public static VariantMetadata parse(byte[] bytes) {
    return parse(bytes, 0, bytes.length, true);
  }

  /**
   * Parses the metadata starting at {@code offset}; it may be followed by other bytes (such as the
   * value) before {@code offset + length}. Use {@link #encodedLength()} to find where it ends.
   */
  public static VariantMetadata parsePrefix(byte[] bytes, int offset, int length) {
    return parse(bytes, offset, length, false);
  }

  private static VariantMetadata parse(byte[] b, int offset, int length, boolean exact) {
    if (offset < 0 || length < 0 || offset > b.length - length) {
      throw new IllegalArgumentException("range " + offset + "+" + length + " outside " + b.length + " bytes");
    }
    if (length < 1) {
      throw new VariantFormatException("variant metadata is empty");
    }
    int header = b[offset] & 0xFF;
    int version = header & 0x0F;
    if (version != VERSION) {
      throw new VariantFormatException("variant metadata has version " + version + ", only 1 exists");
    }
    boolean sorted = (header & 0x10) != 0;
    int offsetSize = ((header >>> 6) & 0x03) + 1;
    long end = (long) offset + length;
    long at = offset + 1L;
    if (at + offsetSize > end) {
      throw new VariantFormatException("variant metadata ends inside its dictionary size");
    }
    long size = LittleEndianBytes.unsigned(b, (int) at, offsetSize);
    at += offsetSize;
    long offsetsBytes = (size + 1) * offsetSize;
    if (offsetsBytes > end - at) {
      throw new VariantFormatException("variant metadata declares " + size + " names but has "
          + (end - at) + " bytes for their " + (size + 1) + " offsets");
    }
    long stringsStart = at + offsetsBytes;
    long available = end - stringsStart;
    String[] names = new String[(int) size];
    CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    long previous = LittleEndianBytes.unsigned(b, (int) at, offsetSize);
    if (previous != 0) {
      throw new VariantFormatException("variant metadata's first name offset is " + previous + ", not 0");
    }
    for (int i = 0; i < size; i++) {
      long next = LittleEndianBytes.unsigned(b, (int) (at + (long) (i + 1) * offsetSize), offsetSize);
      if (next < previous || next > available) {
        throw new VariantFormatException("variant metadata name " + i + " spans offsets " + previous + ".." + next
            + " outside its " + available + " bytes of names");
      }
      names[i] = utf8(utf8, b, (int) (stringsStart + previous), (int) (next - previous));
      previous = next;
    }
    long total = stringsStart + previous - offset;
    if (exact && total != length) {
      throw new VariantFormatException("variant metadata is " + total + " bytes followed by " + (length - total)
          + " more");
    }
    return new VariantMetadata(Arrays.copyOfRange(b, offset, (int) (offset + total)), sorted, names);
  }

  static String utf8(CharsetDecoder decoder, byte[] b, int offset, int length) {
    try {
      return decoder.reset().decode(ByteBuffer.wrap(b, offset, length)).toString();
    } catch (CharacterCodingException e) {
      throw new VariantFormatException("variant string is not valid UTF-8", null, e);
    }
  }

  /** Number of names in the dictionary. */
  public int size() {
    return names.length;
  }

  /** The name with dictionary id {@code id}. */
  public String name(int id) {
    return names[id];
  }

  /** Whether the writer declared the names unique and sorted. */
  public boolean isSorted() {
    return sorted;
  }

  /** The id of {@code name}, or -1 when the dictionary does not hold it. */
  public int find(String name) {
    if (sorted) {
      int found = Arrays.binarySearch(names, name, VariantMetadata::compareNames);
      return found >= 0 ? found : -1;
    }
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Length of the encoded metadata in bytes. */
  public int encodedLength() {
    return bytes.length;
  }

  /** A copy of the encoded metadata. */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /** Whether {@code other[offset, offset+length)} holds exactly this metadata's bytes. */
  boolean sameBytes(byte[] other, int offset, int length) {
    return Arrays.equals(bytes, 0, bytes.length, other, offset, offset + length);
  }

  /**
   * The order of field names in an object: lexicographic by Unicode code point, which for UTF-8 is
   * the order of the bytes.
   */
  static int compareNames(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  @Override
  public String toString() {
    return "VariantMetadata" + Arrays.toString(names);
  }
}
