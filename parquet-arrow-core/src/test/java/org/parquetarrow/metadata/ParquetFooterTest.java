package org.parquetarrow.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.Samples;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;

/** Locating the footer in hand-made files: {@code PAR1 <data> <footer> <length LE32> PAR1}. */
class ParquetFooterTest {
  @TempDir Path dir;

  static final byte[] PAR1 = "PAR1".getBytes(StandardCharsets.US_ASCII);
  static final byte[] PARE = "PARE".getBytes(StandardCharsets.US_ASCII);

  static byte[] le32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  static byte[] file(byte[] head, byte[] data, byte[] footer, byte[] length, byte[] tail) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(head);
    out.writeBytes(data);
    out.writeBytes(footer);
    out.writeBytes(length);
    out.writeBytes(tail);
    return out.toByteArray();
  }

  static byte[] validFile(FileMetaData md, int dataBytes) {
    byte[] footer = MetadataWriter.toBytes(md);
    return file(PAR1, new byte[dataBytes], footer, le32(footer.length), PAR1);
  }

  /** An in-memory file that records its reads. */
  static final class CountingFile implements InputFile {
    final ByteBufferInputFile delegate;
    final List<long[]> reads = new ArrayList<>();

    CountingFile(String name, byte[] bytes) {
      delegate = new ByteBufferInputFile(name, bytes);
    }

    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public long length() {
      return delegate.length();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
      reads.add(new long[] {position, dst.remaining()});
      delegate.readFully(position, dst);
    }
  }

  private static <T extends ParquetException> T fails(Class<T> type, byte[] bytes) {
    T e = assertThrows(type, () -> ParquetFooter.read(new ByteBufferInputFile("hand-made.parquet", bytes)));
    assertEquals("hand-made.parquet", e.location().file(), "errors name the file");
    return e;
  }

  // ---------------------------------------------------------------- valid files

  @Test
  void smallFileCostsOneRead() {
    FileMetaData md = Samples.fullFileMetaData(null);
    byte[] bytes = validFile(md, 100);
    CountingFile f = new CountingFile("small.parquet", bytes);
    ParquetFooter footer = ParquetFooter.read(f);
    assertEquals(md, footer.metadata());
    assertEquals(1, f.reads.size());
    int footerLength = MetadataWriter.toBytes(md).length;
    assertEquals(footerLength, footer.footerLength());
    assertEquals(4 + 100, footer.footerOffset());
    assertEquals("small.parquet", footer.fileName());
  }

  @Test
  void footerGivesItsWriterParsedFromCreatedBy() {
    // created_by "parquet-arrow version 0.1.0 (build 0123abcd)": application, then x.y.z
    ParquetFooter footer = ParquetFooter.read(
        new ByteBufferInputFile("by-us.parquet", validFile(Samples.fullFileMetaData(null), 10)));
    WriterVersion writer = footer.writerVersion();
    assertEquals("parquet-arrow", writer.application());
    assertEquals(List.of(0, 1, 0), List.of(writer.major(), writer.minor(), writer.patch()));
    assertSame(writer, footer.writerVersion(), "parsed once, with the footer");

    ParquetFooter anonymous = ParquetFooter.read(
        new ByteBufferInputFile("anonymous.parquet", validFile(Samples.minimalFileMetaData(), 10)));
    assertEquals(WriterVersion.UNKNOWN, anonymous.writerVersion(), "no created_by");
  }

  @Test
  void largeFileWithSmallFooterCostsTheTailReadAndTheHeadMagic() {
    FileMetaData md = Samples.minimalFileMetaData();
    byte[] bytes = validFile(md, 1 << 20);
    CountingFile f = new CountingFile("large.parquet", bytes);
    assertEquals(md, ParquetFooter.read(f).metadata());
    assertEquals(2, f.reads.size());
    assertEquals(bytes.length - ParquetFooter.TAIL_READ, f.reads.get(0)[0]);
    assertEquals(ParquetFooter.TAIL_READ, f.reads.get(0)[1]);
    assertEquals(0, f.reads.get(1)[0]);
    assertEquals(4, f.reads.get(1)[1]);
  }

  @Test
  void footerLongerThanTheTailReadFetchesOnlyTheMissingPart() {
    String big = "x".repeat(200_000);
    FileMetaData md = new FileMetaData(1, Samples.minimalFileMetaData().schema(), 0, List.of(),
        List.of(new KeyValue("big", big)), null, null, null, null);
    byte[] bytes = validFile(md, 5000);
    CountingFile f = new CountingFile("big-footer.parquet", bytes);
    ParquetFooter footer = ParquetFooter.read(f);
    assertEquals(big, footer.metadata().keyValueMetadata().get(0).value());
    assertEquals(3, f.reads.size());
    long[] rest = f.reads.get(2);
    assertEquals(footer.footerOffset(), rest[0]);
    assertEquals(footer.footerLength() + 8 - ParquetFooter.TAIL_READ, rest[1], "only the part the tail lacks");
  }

  @Test
  void footerFillingTheWholeFileExceptMagicsAndLength() {
    byte[] footer = MetadataWriter.toBytes(Samples.minimalFileMetaData());
    byte[] bytes = file(PAR1, new byte[0], footer, le32(footer.length), PAR1);
    assertEquals(Samples.minimalFileMetaData(), ParquetFooter.read(new ByteBufferInputFile("f", bytes)).metadata());
  }

  @Test
  void localFile() throws Exception {
    Path p = dir.resolve("local.parquet");
    Files.write(p, validFile(Samples.fullFileMetaData(Samples.fullAesGcmCtrV1()), 70_000));
    try (LocalInputFile in = LocalInputFile.open(p)) {
      ParquetFooter footer = ParquetFooter.read(in);
      assertEquals(Samples.fullFileMetaData(Samples.fullAesGcmCtrV1()), footer.metadata());
      assertEquals(p.toString(), footer.fileName());
    }
  }

  @Test
  void plaintextFooterOfAnEncryptedFileParses() {
    // footer mode "plaintext": PAR1 magic, FileMetaData naming the algorithm, then a 28-byte
    // signature (nonce + tag) that the footer length covers
    FileMetaData md = new FileMetaData(1, Samples.minimalFileMetaData().schema(), 0, List.of(), null, null, null,
        Samples.fullAesGcmV1(), Samples.b("kf"));
    byte[] signed = ByteBuffer.allocate(MetadataWriter.toBytes(md).length + 28)
        .put(MetadataWriter.toBytes(md)).array();
    byte[] bytes = file(PAR1, new byte[10], signed, le32(signed.length), PAR1);
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("plaintext.parquet.encrypted", bytes));
    assertEquals(md, footer.metadata());
    assertEquals(signed.length, footer.footerLength());
  }

  // ---------------------------------------------------------------- broken files

  @Test
  void tooShort() {
    for (int n = 0; n < 12; n++) {
      byte[] bytes = new byte[n];
      CorruptFileException e = fails(CorruptFileException.class, bytes);
      assertTrue(e.getMessage().contains("too short"), e.getMessage());
    }
  }

  @Test
  void badHeadMagic() {
    byte[] footer = MetadataWriter.toBytes(Samples.minimalFileMetaData());
    byte[] bytes = file("PAR2".getBytes(StandardCharsets.US_ASCII), new byte[3], footer, le32(footer.length), PAR1);
    CorruptFileException e = fails(CorruptFileException.class, bytes);
    assertTrue(e.getMessage().contains("does not start with the Parquet magic PAR1 but with \"PAR2\""), e.getMessage());
    assertEquals(0, e.location().offset());
  }

  @Test
  void badHeadMagicInALargeFile() {
    byte[] bytes = validFile(Samples.minimalFileMetaData(), 100_000);
    bytes[0] = 0;
    CorruptFileException e = fails(CorruptFileException.class, bytes);
    assertTrue(e.getMessage().contains("does not start with the Parquet magic"), e.getMessage());
  }

  @Test
  void badTailMagic() {
    byte[] footer = MetadataWriter.toBytes(Samples.minimalFileMetaData());
    byte[] bytes = file(PAR1, new byte[3], footer, le32(footer.length), new byte[] {'P', 'A', 'R', 0});
    CorruptFileException e = fails(CorruptFileException.class, bytes);
    assertTrue(e.getMessage().contains("does not end with the Parquet magic PAR1 but with \"PAR\\x00\""), e.getMessage());
    assertEquals(bytes.length - 4, e.location().offset());
  }

  @Test
  void footerLengthNegativeZeroOrTooBig() {
    byte[] footer = MetadataWriter.toBytes(Samples.minimalFileMetaData());
    for (int length : new int[] {-1, Integer.MIN_VALUE, 0}) {
      byte[] bytes = file(PAR1, new byte[3], footer, le32(length), PAR1);
      CorruptFileException e = fails(CorruptFileException.class, bytes);
      assertTrue(e.getMessage().contains("footer length " + length + " is not positive"), e.getMessage());
      assertEquals(bytes.length - 8, e.location().offset());
    }
    // one byte more than the file holds between the head magic and the length
    int fileLength = 4 + 3 + footer.length + 8;
    for (int length : new int[] {fileLength - 12 + 1, Integer.MAX_VALUE}) {
      byte[] bytes = file(PAR1, new byte[3], footer, le32(length), PAR1);
      CorruptFileException e = fails(CorruptFileException.class, bytes);
      assertTrue(e.getMessage().contains("footer length " + length + " does not fit in a file of " + fileLength),
          e.getMessage());
    }
  }

  @Test
  void footerLengthPointingIntoTheDataGivesACorruptFooter() {
    byte[] footer = MetadataWriter.toBytes(Samples.minimalFileMetaData());
    // claims 3 bytes more than the footer: the decoder starts inside the (0xff-filled) data
    byte[] data = new byte[3];
    java.util.Arrays.fill(data, (byte) 0xff);
    byte[] bytes = file(PAR1, data, footer, le32(footer.length + 3), PAR1);
    CorruptFileException e = fails(CorruptFileException.class, bytes);
    assertTrue(e.location().offset() >= 4, "located at a byte of the footer: " + e.location());
  }

  @Test
  void encryptedFooter() {
    byte[] bytes = file(PARE, new byte[20], new byte[30], le32(30), PARE);
    ParquetCryptoException e = fails(ParquetCryptoException.class, bytes);
    assertEquals("encrypted file, decryption keys required", e.problem());
    assertTrue(e.getMessage().contains("hand-made.parquet"), e.getMessage());
  }

  @Test
  void ioErrorsBecomeParquetIOException() {
    InputFile shrinking = new InputFile() {
      @Override
      public String name() {
        return "vanishing.parquet";
      }

      @Override
      public long length() {
        return 1000; // claims more than it can deliver
      }

      @Override
      public void readFully(long position, ByteBuffer dst) throws IOException {
        throw new EOFException("gone at " + position);
      }
    };
    ParquetIOException e = assertThrows(ParquetIOException.class, () -> ParquetFooter.read(shrinking));
    assertEquals("vanishing.parquet", e.location().file());
    assertInstanceOf(EOFException.class, e.getCause());
  }
}
