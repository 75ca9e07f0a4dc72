package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Prefetch, seen from a remote file's side: the request for a row group's bytes goes out before
 * the batch of the row group before it is handed to the caller, i.e. while that one decodes, so
 * that over a network the fetch and the decoding overlap. The order of events is asserted, not
 * times.
 */
class PrefetchTest {
  private static final int GROUP_ROWS = 1_000;
  private static final int GROUPS = 4;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;
  private final ExecutorService network = Executors.newSingleThreadExecutor();

  @AfterEach
  void stopNetwork() {
    network.shutdownNow();
  }

  @Test
  void theNextRowGroupIsRequestedWhileTheCurrentOneDecodes() throws Exception {
    List<String> events = read(FetchOptions.defaults());
    for (int g = 1; g < GROUPS; g++) {
      assertTrue(events.indexOf("request " + g) < events.indexOf("batch " + (g - 1)),
          "row group " + g + " requested before batch " + (g - 1) + " is returned: " + events);
    }
  }

  @Test
  void withoutPrefetchEachRowGroupIsRequestedWhenItsTurnComes() throws Exception {
    List<String> events = read(FetchOptions.builder().prefetchRowGroups(0).build());
    for (int g = 1; g < GROUPS; g++) {
      assertTrue(events.indexOf("request " + g) > events.indexOf("batch " + (g - 1)), events::toString);
    }
  }

  @Test
  void aPrefetchDepthOfTwoKeepsTwoRowGroupsInFlight() throws Exception {
    List<String> events = read(FetchOptions.builder().prefetchRowGroups(2).build());
    assertTrue(events.indexOf("request 2") < events.indexOf("batch 0"), events::toString);
    assertTrue(events.indexOf("request 3") < events.indexOf("batch 1"), events::toString);
  }

  @Test
  void aRowGroupOverThePrefetchMemoryWaitsForItsTurn() throws Exception {
    List<String> events = read(FetchOptions.builder().prefetchMemory(16).build());
    for (int g = 1; g < GROUPS; g++) {
      assertTrue(events.indexOf("request " + g) > events.indexOf("batch " + (g - 1)), events::toString);
    }
  }

  /** Reads the file batch by batch (one per row group) through a remote-looking file; the events in order. */
  private List<String> read(FetchOptions fetch) throws Exception {
    Path path = write();
    List<String> events = new ArrayList<>();
    FileMetaData metadata;
    try (InputFile local = LocalInputFile.open(path)) {
      metadata = ParquetFooter.read(local).metadata();
    }
    try (RemoteLike file = new RemoteLike(LocalInputFile.open(path), metadata, events, network);
        ParquetFileReader reader = ParquetFileReader.open(file,
            ReadOptions.builder(memory.allocator()).batchSize(GROUP_ROWS).fetchOptions(fetch).build())) {
      long next = 0;
      for (int b = 0; b < GROUPS; b++) {
        try (VectorSchemaRoot batch = reader.readNextBatch()) {
          BigIntVector ids = (BigIntVector) batch.getVector("id");
          assertEquals(GROUP_ROWS, batch.getRowCount());
          for (int i = 0; i < GROUP_ROWS; i++) {
            assertEquals(next++, ids.get(i));
          }
          synchronized (events) {
            events.add("batch " + b);
          }
        }
      }
      assertEquals(null, reader.readNextBatch());
    }
    synchronized (events) {
      return List.copyOf(events);
    }
  }

  private Path write() throws IOException {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));
    List<Object> ids = new ArrayList<>();
    for (long i = 0; i < (long) GROUP_ROWS * GROUPS; i++) {
      ids.add(i);
    }
    Path path = dir.resolve("groups.parquet");
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), schema, List.of(ids));
        ParquetFileWriter w = ParquetFileWriter.open(path, schema,
            WriterProperties.builder().rowGroupRows(GROUP_ROWS).build())) {
      w.write(root);
    }
    return path;
  }

  /**
   * A file that says it is remote and answers vectored reads on another thread, logging which row
   * group each request is for when it is issued.
   */
  private static final class RemoteLike implements InputFile {
    private final InputFile in;
    private final FileMetaData metadata;
    private final List<String> events;
    private final ExecutorService network;

    RemoteLike(InputFile in, FileMetaData metadata, List<String> events, ExecutorService network) {
      this.in = in;
      this.metadata = metadata;
      this.events = events;
      this.network = network;
    }

    @Override
    public Locality locality() {
      return Locality.REMOTE;
    }

    @Override
    public CompletableFuture<List<ByteBuffer>> readRangesAsync(List<FileRange> ranges) {
      synchronized (events) {
        events.add("request " + rowGroupOf(ranges.get(0).offset()));
      }
      return CompletableFuture.supplyAsync(() -> {
        try {
          return in.readRanges(ranges);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, network);
    }

    private int rowGroupOf(long offset) {
      List<RowGroup> groups = metadata.rowGroups();
      for (int g = 0; g < groups.size(); g++) {
        var meta = groups.get(g).columns().get(0).metaData();
        long start = meta.dictionaryPageOffset() != null && meta.dictionaryPageOffset() > 0
            ? Math.min(meta.dictionaryPageOffset(), meta.dataPageOffset()) : meta.dataPageOffset();
        if (offset >= start && offset < start + meta.totalCompressedSize()) {
          return g;
        }
      }
      return -1;
    }

    @Override
    public String name() {
      return in.name();
    }

    @Override
    public long length() throws IOException {
      return in.length();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
      in.readFully(position, dst);
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
