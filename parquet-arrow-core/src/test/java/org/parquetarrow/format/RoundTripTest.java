package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * write → read for every struct and union of the IDL, once with every field set and once with
 * only the required ones, through heap and direct buffers.
 */
class RoundTripTest {

  /** Reads back through a heap buffer, a direct buffer and a buffer with bytes before and after. */
  private static <T> void roundTrip(T value, byte[] bytes, Function<ByteBuffer, T> reader) {
    ByteBuffer heap = ByteBuffer.wrap(bytes);
    assertEquals(value, reader.apply(heap));
    assertEquals(bytes.length, heap.position(), "the read must advance past the struct");

    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
    direct.put(bytes).flip();
    assertEquals(value, reader.apply(direct));
    assertEquals(bytes.length, direct.position());

    // the struct in the middle of a larger array, as a slice and as position/limit
    byte[] padded = new byte[bytes.length + 10];
    System.arraycopy(bytes, 0, padded, 7, bytes.length);
    ByteBuffer window = ByteBuffer.wrap(padded, 7, bytes.length);
    assertEquals(value, reader.apply(window));
    assertEquals(7 + bytes.length, window.position());
    ByteBuffer slice = ByteBuffer.wrap(padded, 7, bytes.length + 3).slice();
    assertEquals(value, reader.apply(slice));
    assertEquals(bytes.length, slice.position());
  }

  @Test
  void fileMetaData() throws Exception {
    for (FileMetaData m : List.of(Samples.fullFileMetaData(Samples.fullAesGcmV1()),
        Samples.fullFileMetaData(Samples.fullAesGcmCtrV1()),
        Samples.fullFileMetaData(new AesGcmV1(null, null, null)),
        Samples.fullFileMetaData(null),
        Samples.minimalFileMetaData())) {
      byte[] bytes = MetadataWriter.toBytes(m);
      roundTrip(m, bytes, MetadataReader::readFileMetaData);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      MetadataWriter.write(m, out);
      assertArrayEquals(bytes, out.toByteArray());
    }
  }

  @Test
  void everyLogicalTypeMemberSurvives() {
    // checked one by one so that a failure names the member
    for (LogicalType t : Samples.everyLogicalType()) {
      SchemaElement e = new SchemaElement(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, "x", null, null,
          null, null, null, t, null);
      FileMetaData m = new FileMetaData(1, List.of(e), 0, List.of(), null, null, null, null, null);
      FileMetaData back = MetadataReader.readFileMetaData(ByteBuffer.wrap(MetadataWriter.toBytes(m)));
      assertEquals(t, back.schema().get(0).logicalType(), t.toString());
    }
  }

  @Test
  void everyColumnOrderAndCryptoMember() {
    FileMetaData full = Samples.fullFileMetaData(Samples.fullAesGcmV1());
    FileMetaData back = MetadataReader.readFileMetaData(ByteBuffer.wrap(MetadataWriter.toBytes(full)));
    assertEquals(List.of(ColumnOrder.TYPE_DEFINED_ORDER, ColumnOrder.IEEE_754_TOTAL_ORDER,
        ColumnOrder.INT96_TIMESTAMP_ORDER), back.columnOrders());
    List<ColumnChunk> chunks = back.rowGroups().get(0).columns();
    assertEquals(new ColumnCryptoMetaData.EncryptionWithFooterKey(), chunks.get(0).cryptoMetadata());
    assertEquals(new ColumnCryptoMetaData.EncryptionWithColumnKey(List.of("a", "b"), Samples.b("key")),
        chunks.get(1).cryptoMetadata());
  }

  @Test
  void columnMetaData() {
    for (ColumnMetaData m : List.of(Samples.fullColumnMetaData(), Samples.minimalColumnMetaData(),
        Samples.columnMetaDataWithEmptyNested())) {
      roundTrip(m, MetadataWriter.toBytes(m), MetadataReader::readColumnMetaData);
    }
  }

  @Test
  void pageHeaders() throws Exception {
    for (PageHeader h : List.of(Samples.fullDataPageHeader(), Samples.minimalDataPageHeader(),
        Samples.fullDataPageHeaderV2(), Samples.minimalDataPageHeaderV2(), Samples.fullDictionaryPageHeader(),
        Samples.minimalDictionaryPageHeader(), Samples.indexPageHeader(), Samples.minimalPageHeader())) {
      byte[] bytes = MetadataWriter.toBytes(h);
      roundTrip(h, bytes, MetadataReader::readPageHeader);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      MetadataWriter.write(h, out);
      assertArrayEquals(bytes, out.toByteArray());
    }
  }

  @Test
  void pageHeaderFollowedByPageData() {
    // the page reader's use: header, then payload; the position lands on the payload
    byte[] header = MetadataWriter.toBytes(Samples.fullDataPageHeader());
    ByteBuffer buf = ByteBuffer.allocate(header.length + 3).put(header).put(new byte[] {9, 8, 7});
    buf.flip();
    assertEquals(Samples.fullDataPageHeader(), MetadataReader.readPageHeader(buf));
    assertEquals(9, buf.get());
  }

  @Test
  void pageHeadersInALargeDirectBufferAreNotCopiedWhole() {
    // a 32 MiB column chunk in a direct buffer: headers of 1000 pages read in turn. Copying the
    // rest of the chunk for each header would move ~16 GiB; a bounded copy moves next to nothing.
    byte[] header = MetadataWriter.toBytes(Samples.fullDataPageHeader());
    ByteBuffer chunk = ByteBuffer.allocateDirect(32 << 20);
    int pageSize = chunk.capacity() / 1000;
    for (int i = 0; i < 1000; i++) {
      chunk.put(i * pageSize, header);
    }
    long start = System.nanoTime();
    for (int i = 0; i < 1000; i++) {
      ByteBuffer at = chunk.duplicate().position(i * pageSize);
      assertEquals(Samples.fullDataPageHeader(), MetadataReader.readPageHeader(at));
      assertEquals(i * pageSize + header.length, at.position());
    }
    assertTrue(System.nanoTime() - start < 2_000_000_000L, "header reads copied too much");
  }

  @Test
  void headerLargerThanTheFirstCopyWindowOfADirectBuffer() {
    byte[] bigMin = new byte[100_000];
    java.util.Arrays.fill(bigMin, (byte) 7);
    PageHeader h = new PageHeader(PageType.DATA_PAGE, 1, 1, null, new DataPageHeader(1, Encoding.PLAIN,
        Encoding.RLE, Encoding.RLE, new Statistics(null, null, null, null, null, bigMin, null, null, null)),
        null, null, null);
    byte[] bytes = MetadataWriter.toBytes(h);
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 1_000_000).put(bytes).flip().limit(bytes.length + 1_000_000);
    assertEquals(h, MetadataReader.readPageHeader(direct));
    assertEquals(bytes.length, direct.position());
    BloomFilterHeader b = Samples.bloomFilterHeader();
    ByteBuffer bloom = ByteBuffer.allocateDirect(50_000).put(MetadataWriter.toBytes(b)).flip().limit(50_000);
    assertEquals(b, MetadataReader.readBloomFilterHeader(bloom));
  }

  @Test
  void pageIndex() {
    for (ColumnIndex c : List.of(Samples.fullColumnIndex(), Samples.minimalColumnIndex())) {
      roundTrip(c, MetadataWriter.toBytes(c), MetadataReader::readColumnIndex);
    }
    for (OffsetIndex o : List.of(Samples.fullOffsetIndex(), Samples.minimalOffsetIndex())) {
      roundTrip(o, MetadataWriter.toBytes(o), MetadataReader::readOffsetIndex);
    }
  }

  @Test
  void bloomFilterHeader() throws Exception {
    BloomFilterHeader h = Samples.bloomFilterHeader();
    roundTrip(h, MetadataWriter.toBytes(h), MetadataReader::readBloomFilterHeader);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    MetadataWriter.write(h, out);
    assertArrayEquals(MetadataWriter.toBytes(h), out.toByteArray());
  }

  @Test
  void fileCryptoMetaData() {
    for (FileCryptoMetaData m : List.of(new FileCryptoMetaData(Samples.fullAesGcmV1(), Samples.b("kf")),
        new FileCryptoMetaData(Samples.fullAesGcmCtrV1(), Samples.b("kf")),
        new FileCryptoMetaData(new AesGcmCtrV1(null, null, null), null))) {
      roundTrip(m, MetadataWriter.toBytes(m), MetadataReader::readFileCryptoMetaData);
    }
  }

  @Test
  void streamWritesEqualByteArraysForTheOtherStructs() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    MetadataWriter.write(Samples.fullColumnIndex(), out);
    MetadataWriter.write(Samples.fullOffsetIndex(), out);
    MetadataWriter.write(Samples.fullColumnMetaData(), out);
    FileCryptoMetaData crypto = new FileCryptoMetaData(Samples.fullAesGcmV1(), null);
    MetadataWriter.write(crypto, out);
    // four structs back to back read in sequence from one buffer
    ByteBuffer buf = ByteBuffer.wrap(out.toByteArray());
    assertEquals(Samples.fullColumnIndex(), MetadataReader.readColumnIndex(buf));
    assertEquals(Samples.fullOffsetIndex(), MetadataReader.readOffsetIndex(buf));
    assertEquals(Samples.fullColumnMetaData(), MetadataReader.readColumnMetaData(buf));
    assertEquals(crypto, MetadataReader.readFileCryptoMetaData(buf));
    assertEquals(0, buf.remaining());
  }

  @Test
  void readListsAreUnmodifiable() {
    FileMetaData back = MetadataReader.readFileMetaData(
        ByteBuffer.wrap(MetadataWriter.toBytes(Samples.fullFileMetaData(null))));
    assertThrows(UnsupportedOperationException.class, () -> back.schema().add(back.schema().get(0)));
    assertThrows(UnsupportedOperationException.class, () -> back.rowGroups().remove(0));
  }
}
