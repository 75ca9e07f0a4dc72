package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.testing.TestData;

class ColumnChunkFetcherTest {
  private static final int[] ALL_11 = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

  @Test
  void aRowGroupOfAdjacentChunksIsOneRead() throws IOException {
    Fixture f = Fixture.of("alltypes_plain.parquet");
    List<ColumnChunkBytes> chunks =
        ColumnChunkFetcher.fetchRowGroup(f.file, f.md, 0, ALL_11, RangeCoalescer.DEFAULT);
    assertEquals(1, f.file.reads.size());
    assertEquals(11, chunks.size());
    for (int c = 0; c < 11; c++) {
      assertSame(chunks.get(0).array(), chunks.get(c).array());
      assertChunkBytes(f, c, chunks.get(c));
    }
  }

  @Test
  void withoutCoalescingEachChunkIsItsOwnRead() throws IOException {
    Fixture f = Fixture.of("alltypes_plain.parquet");
    List<ColumnChunkBytes> chunks =
        ColumnChunkFetcher.fetchRowGroup(f.file, f.md, 0, ALL_11, RangeCoalescer.NONE);
    assertEquals(11, f.file.reads.size());
    for (int c = 0; c < 11; c++) {
      assertEquals(0, chunks.get(c).arrayOffset());
      assertChunkBytes(f, c, chunks.get(c));
    }
  }

  @Test
  void chunksComeBackInTheOrderAsked() throws IOException {
    Fixture f = Fixture.of("alltypes_plain.parquet");
    List<ColumnChunkBytes> chunks =
        ColumnChunkFetcher.fetchRowGroup(f.file, f.md, 0, new int[] {7, 2}, RangeCoalescer.DEFAULT);
    assertChunkBytes(f, 7, chunks.get(0));
    assertChunkBytes(f, 2, chunks.get(1));
  }

  @Test
  void emptyChunksAreNotRead() throws IOException {
    Fixture f = Fixture.of("column_chunk_key_value_metadata.parquet");
    List<ColumnChunkBytes> chunks =
        ColumnChunkFetcher.fetchRowGroup(f.file, f.md, 0, new int[] {0, 1}, RangeCoalescer.DEFAULT);
    assertEquals(0, f.file.reads.size());
    assertEquals(0, chunks.get(0).length());
    assertEquals(0, chunks.get(1).length());
  }

  @Test
  void ioFailuresAreLocated() throws IOException {
    Fixture f = Fixture.of("alltypes_plain.parquet");
    f.file.failReads = true;
    ParquetIOException e =
        assertThrows(
            ParquetIOException.class,
            () ->
                ColumnChunkFetcher.fetchRowGroup(
                    f.file, f.md, 0, new int[] {1}, RangeCoalescer.DEFAULT));
    assertEquals("counting", e.location().file());
    assertEquals(0, e.location().rowGroup());
    assertEquals(
        f.md.rowGroups().get(0).columns().get(1).metaData().dataPageOffset(),
        e.location().offset());
  }

  @Test
  void rangesPastTheEndOfTheFileAreCorrupt() throws IOException {
    Fixture f = Fixture.of("alltypes_plain.parquet");
    ColumnChunkRange beyond = new ColumnChunkRange(1_800, 100, 100);
    CorruptFileException e =
        assertThrows(
            CorruptFileException.class,
            () -> ColumnChunkFetcher.fetch(f.file, List.of(beyond), RangeCoalescer.DEFAULT));
    assertEquals(1_800, e.location().offset());
    assertEquals(0, f.file.reads.size());
  }

  @Test
  void chunksOverTwoGigabytesAreRefusedWithoutReading() {
    InputFile huge =
        new InputFile() {
          @Override
          public String name() {
            return "huge";
          }

          @Override
          public long length() {
            return 5L << 30;
          }

          @Override
          public void readFully(long position, ByteBuffer dst) {
            throw new AssertionError("must not read");
          }
        };
    ColumnChunkRange r = new ColumnChunkRange(4, 3L << 30, 3L << 30);
    assertThrows(UnsupportedFeatureException.class, () -> ColumnChunkFetcher.fetch(huge, r));
    assertThrows(
        UnsupportedFeatureException.class,
        () -> ColumnChunkFetcher.fetch(huge, List.of(r), RangeCoalescer.DEFAULT));
  }

  /** Two whole chunks and a sparse one between them, all within one coalesced read of a 2 KiB gap. */
  private static List<ChunkRequest> holeyRequests() {
    return List.of(
        ChunkRequest.whole(new ColumnChunkRange(100, 500, 500)),
        new ChunkRequest(new ColumnChunkRange(700, 4_300, 4_300),
            List.of(FileRange.of(700, 200), FileRange.of(2_000, 500), FileRange.of(4_000, 1_000))),
        ChunkRequest.whole(new ColumnChunkRange(5_200, 100, 100)));
  }

  private static final RangeCoalescer WIDE = new RangeCoalescer(2_048, 1 << 20);

  @Test
  void skippingLocalHolesReadsOnlyTheSpansPackedIntoOneArray() {
    byte[] bytes = new byte[10_000];
    new SplittableRandom(11).nextBytes(bytes);
    CountingFile file = new CountingFile(bytes);
    List<ColumnChunkBytes> chunks = ColumnChunkFetcher.fetchAsync(
        file, holeyRequests(), WIDE, ColumnChunkFetcher.LocalHoles.SKIP).join();

    List<String> reads = new ArrayList<>();
    file.reads.forEach(r -> reads.add(r[0] + "+" + r[1]));
    assertEquals(List.of("100+500", "700+200", "2000+500", "4000+1000", "5200+100"), reads, "each span, no hole");
    byte[] shared = chunks.get(0).array();
    assertEquals(500 + 200 + 500 + 1_000 + 100, shared.length, "the spans packed, without the holes");
    assertBytes(bytes, chunks.get(0).pieces());
    assertBytes(bytes, chunks.get(1).pieces());
    assertBytes(bytes, chunks.get(2).pieces());
    for (ColumnChunkBytes c : chunks) {
      for (ColumnChunkBytes.Piece p : c.pieces()) {
        assertSame(shared, p.array());
      }
    }
    assertTrue(chunks.get(0).isDense() && !chunks.get(1).isDense() && chunks.get(2).isDense());
    assertEquals(3, chunks.get(1).pieces().size());
    assertEquals(FileRange.of(2_000, 500), chunks.get(1).fetchedRanges().get(1));
  }

  @Test
  void readingThroughHolesAndRemoteFilesStayOneRead() {
    byte[] bytes = new byte[10_000];
    new SplittableRandom(12).nextBytes(bytes);
    CountingFile local = new CountingFile(bytes);
    List<ColumnChunkBytes> through = ColumnChunkFetcher.fetchAsync(
        local, holeyRequests(), WIDE, ColumnChunkFetcher.LocalHoles.READ_THROUGH).join();
    assertEquals(1, local.reads.size());
    assertArrayEquals(new long[] {100, 5_200}, local.reads.get(0));
    assertBytes(bytes, through.get(1).pieces());

    CountingFile remote = new CountingFile(bytes) {
      @Override
      public Locality locality() {
        return Locality.REMOTE;
      }
    };
    List<ColumnChunkBytes> chunks = ColumnChunkFetcher.fetchAsync(
        remote, holeyRequests(), WIDE, ColumnChunkFetcher.LocalHoles.SKIP).join();
    assertEquals(1, remote.reads.size(), "a remote file reads through: one request");
    assertArrayEquals(new long[] {100, 5_200}, remote.reads.get(0));
    for (ColumnChunkBytes c : chunks) {
      assertBytes(bytes, c.pieces());
    }
  }

  @Test
  void aFailedPackedReadFailsTypedAndLocated() {
    CountingFile file = new CountingFile(new byte[10_000]);
    file.failReads = true;
    CompletionException e = assertThrows(CompletionException.class, () -> ColumnChunkFetcher.fetchAsync(
        file, holeyRequests(), WIDE, ColumnChunkFetcher.LocalHoles.SKIP).join());
    ParquetIOException io = (ParquetIOException) e.getCause();
    assertTrue(io.getMessage().contains("disk on fire"), io.getMessage());
    assertEquals("counting", io.location().file());
    assertEquals(100L, io.location().offset());

    CountingFile shortFile = new CountingFile(new byte[5_000]);
    CompletionException past = assertThrows(CompletionException.class, () -> ColumnChunkFetcher.fetchAsync(
        shortFile, holeyRequests(), WIDE, ColumnChunkFetcher.LocalHoles.SKIP).join());
    assertTrue(past.getCause() instanceof CorruptFileException, past.getCause().toString());
    assertEquals(0, shortFile.reads.size(), "nothing read once a span lies past the end");
  }

  private static void assertBytes(byte[] file, List<ColumnChunkBytes.Piece> pieces) {
    for (ColumnChunkBytes.Piece p : pieces) {
      assertArrayEquals(
          Arrays.copyOfRange(file, (int) p.fileOffset(), (int) p.fileEnd()),
          Arrays.copyOfRange(p.array(), p.arrayOffset(), p.arrayOffset() + p.length()),
          "bytes at " + p.fileOffset());
    }
  }

  private static void assertChunkBytes(Fixture f, int column, ColumnChunkBytes bytes) {
    long start = f.md.rowGroups().get(0).columns().get(column).metaData().dataPageOffset();
    Long dict = f.md.rowGroups().get(0).columns().get(column).metaData().dictionaryPageOffset();
    if (dict != null && dict > 0 && dict < start) {
      start = dict;
    }
    assertEquals(start, bytes.range().offset());
    byte[] expected = Arrays.copyOfRange(f.bytes, (int) start, (int) (start + bytes.length()));
    byte[] actual =
        Arrays.copyOfRange(
            bytes.array(), bytes.arrayOffset(), bytes.arrayOffset() + bytes.length());
    assertArrayEquals(expected, actual);
    assertEquals(start + 7, bytes.fileOffsetOf(bytes.arrayOffset() + 7));
  }

  private record Fixture(CountingFile file, byte[] bytes, FileMetaData md) {
    static Fixture of(String name) throws IOException {
      byte[] bytes = Files.readAllBytes(TestData.parquetTesting().resolve("data").resolve(name));
      int footerLength =
          ByteBuffer.wrap(bytes, bytes.length - 8, 4)
              .order(java.nio.ByteOrder.LITTLE_ENDIAN)
              .getInt();
      FileMetaData md =
          MetadataReader.readFileMetaData(
              ByteBuffer.wrap(bytes, bytes.length - 8 - footerLength, footerLength));
      return new Fixture(new CountingFile(bytes), bytes, md);
    }
  }

  /** Counts positional reads; can be told to fail them. */
  private static class CountingFile implements InputFile {
    final List<long[]> reads = new ArrayList<>();
    private final ByteBufferInputFile delegate;
    boolean failReads;

    CountingFile(byte[] bytes) {
      this.delegate = new ByteBufferInputFile("counting", bytes);
    }

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public long length() {
      return delegate.length();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
      if (failReads) {
        throw new IOException("disk on fire");
      }
      reads.add(new long[] {position, dst.remaining()});
      delegate.readFully(position, dst);
    }
  }
}
