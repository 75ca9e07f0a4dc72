package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.jclouds.blobstore.domain.Blob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterFailedException;
import org.parquetarrow.write.WriterProperties;

/**
 * Writing Parquet to the loopback S3-compatible server: the object holds exactly the bytes the
 * same write makes on a local disk, whether it took one PUT or a multipart upload, and a failed
 * write publishes nothing — an object already at the key keeps its old bytes.
 */
@Timeout(120)
class S3OutputFileTest {
  private static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE)));
  private static final WriterProperties PLAIN = WriterProperties.builder().codec(CompressionCodec.UNCOMPRESSED)
      .dictionary(false).build();

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static LoopbackS3 server;
  private static S3FileSystem s3;

  @BeforeAll
  static void start() throws Exception {
    server = LoopbackS3.start();
    s3 = S3FileSystem.create(RemoteTesting.signed(server.endpoint(), RemoteReadOptions.defaults()));
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
    server.close();
  }

  /** Rows {@code [from, from + n)}: ids spread over the whole long range (no run or dictionary shortens them). */
  private static void fill(VectorSchemaRoot root, long from, int n) {
    root.allocateNew();
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    for (int i = 0; i < n; i++) {
      long row = from + i;
      id.setSafe(i, row * 0x9E3779B97F4A7C15L);
      name.setSafe(i, ("row-" + row).getBytes(StandardCharsets.UTF_8));
    }
    root.setRowCount(n);
  }

  private static void write(OutputFile out, BufferAllocator allocator, int batches, int rows) {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(out, SCHEMA, PLAIN)) {
      for (int b = 0; b < batches; b++) {
        fill(root, (long) b * rows, rows);
        w.write(root);
      }
    }
  }

  private static byte[] object(String key) throws IOException {
    Blob blob = server.store().getBlob(LoopbackS3.PRIVATE_BUCKET, key);
    if (blob == null) {
      return null;
    }
    try (InputStream in = blob.getPayload().openStream()) {
      return in.readAllBytes();
    }
  }

  private byte[] local(BufferAllocator allocator, int batches, int rows) throws IOException {
    Path file = dir.resolve("local-" + batches + "x" + rows + ".parquet");
    write(org.parquetarrow.io.LocalOutputFile.of(file), allocator, batches, rows);
    return Files.readAllBytes(file);
  }

  @Test
  void aSmallFileIsOnePutOfTheLocalBytes() throws Exception {
    BufferAllocator allocator = memory.allocator();
    S3Location at = S3Location.parse("s3://private/out/small.parquet");
    write(S3OutputFile.of(s3, at), allocator, 1, 1_000);
    byte[] expected = local(allocator, 1, 1_000);
    assertArrayEquals(expected, object("out/small.parquet"));
    // and it reads back through S3 like the local file
    Path file = dir.resolve("local-1x1000.parquet");
    try (S3InputFile in = s3.open(at)) {
      RemoteTesting.assertReadsLikeLocal(file, in, allocator);
    }
  }

  @Test
  void aLargeFileIsAMultipartUploadOfTheLocalBytes() throws Exception {
    BufferAllocator allocator = memory.allocator();
    // 12 batches of 64k rows: 8 bytes of id + about 12 of name per row, some 15 MB, three 5 MiB parts and a rest
    byte[] expected = local(allocator, 12, 65_536);
    assertTrue(expected.length > 3 * S3OutputFile.MIN_PART_SIZE, "big enough for several parts: " + expected.length);
    write(S3OutputFile.of(s3, S3Location.parse("s3://private/out/large.parquet"), S3OutputFile.MIN_PART_SIZE),
        allocator, 12, 65_536);
    assertArrayEquals(expected, object("out/large.parquet"));
  }

  @Test
  void aFailedWriteLeavesNoObjectAndAnOldOneUntouched() throws Exception {
    BufferAllocator allocator = memory.allocator();
    byte[] old = "the previous version".getBytes(StandardCharsets.UTF_8);
    server.put(LoopbackS3.PRIVATE_BUCKET, "out/replaced.parquet", old);
    Schema other = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("name", new ArrowType.Int(32, true))));
    for (String key : List.of("out/replaced.parquet", "out/never.parquet")) {
      S3OutputFile out = S3OutputFile.of(s3, S3Location.parse("s3://private/" + key), S3OutputFile.MIN_PART_SIZE);
      SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
            VectorSchemaRoot wrong = VectorSchemaRoot.create(other, allocator);
            ParquetFileWriter w = ParquetFileWriter.open(out, SCHEMA, PLAIN)) {
          // enough rows that parts of a multipart upload are already on the server
          for (int b = 0; b < 8; b++) {
            fill(root, (long) b * 65_536, 65_536);
            w.write(root);
          }
          w.flushRowGroup();
          assertEquals(1, s3.client().listMultipartUploads(u -> u.bucket(LoopbackS3.PRIVATE_BUCKET).prefix(key))
              .uploads().size(), "parts are on the server before the failure");
          wrong.allocateNew();
          wrong.setRowCount(1);
          w.write(wrong);
        }
      });
      assertTrue(e.getSuppressed().length == 1 && e.getSuppressed()[0] instanceof WriterFailedException, key);
    }
    assertArrayEquals(old, object("out/replaced.parquet"), "the old object keeps its bytes");
    assertNull(object("out/never.parquet"), "no object appears");
    // the aborted uploads hold no parts: the server lists no upload in progress
    assertEquals(0, s3.client().listMultipartUploads(b -> b.bucket(LoopbackS3.PRIVATE_BUCKET).prefix("out/"))
        .uploads().size());
  }

  @Test
  void partsBelowTheS3MinimumAreRefused() {
    S3Location at = S3Location.parse("s3://private/out/x.parquet");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> S3OutputFile.of(s3, at, 1 << 20));
    assertTrue(e.getMessage().contains("5242880"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> S3OutputFile.of(s3, S3Location.parse("s3://private/out/")));
  }
}
