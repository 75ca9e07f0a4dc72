package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@link S3OutputFile#pending}: a committed write leaves an upload that shows no object until it is
 * completed, possibly in another process (its description survives serialization), and then
 * exactly the bytes of the same write to a local disk; an aborted one leaves nothing, not even an
 * upload in progress; and {@link S3FileSystem#listUploads} finds uploads a writer left behind.
 */
@Timeout(120)
class S3PendingUploadTest {
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

  private static void write(OutputFile out, BufferAllocator allocator, int batches, int rows) {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(out, SCHEMA, PLAIN)) {
      for (int b = 0; b < batches; b++) {
        root.allocateNew();
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < rows; i++) {
          long row = (long) b * rows + i;
          id.setSafe(i, row * 0x9E3779B97F4A7C15L);
          name.setSafe(i, ("row-" + row).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(rows);
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
    Path file = dir.resolve("local.parquet");
    write(LocalOutputFile.of(file), allocator, batches, rows);
    return Files.readAllBytes(file);
  }

  private static int uploadsUnder(String prefix) {
    return s3.client().listMultipartUploads(b -> b.bucket(LoopbackS3.PRIVATE_BUCKET).prefix(prefix)).uploads().size();
  }

  @SuppressWarnings("unchecked")
  private static <T> T throughSerialization(T value) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  @Test
  void aSmallFileIsOnePendingPartThatAppearsOnlyWhenCompleted() throws Exception {
    BufferAllocator allocator = memory.allocator();
    List<PendingUpload> pending = new ArrayList<>();
    write(S3OutputFile.pending(s3, S3Location.parse("s3://private/p1/small.parquet"), pending::add), allocator, 1, 500);
    byte[] expected = local(allocator, 1, 500);
    assertEquals(1, pending.size());
    PendingUpload u = throughSerialization(pending.get(0));
    assertEquals(List.of(1), u.parts().stream().map(PendingUpload.Part::number).toList());
    assertEquals(expected.length, u.size());
    assertEquals(new S3Location("private", "p1/small.parquet"), u.location());
    assertEquals(null, object("p1/small.parquet"), "nothing visible before completion");
    assertEquals(List.of(), s3.list(S3Location.parse("s3://private/p1/")), "no object listed before completion");
    assertEquals(1, uploadsUnder("p1/"));

    u.complete(s3);
    assertArrayEquals(expected, object("p1/small.parquet"));
    assertEquals(0, uploadsUnder("p1/"));
    // aborting after completion is harmless and keeps the object
    u.abort(s3);
    assertArrayEquals(expected, object("p1/small.parquet"));
  }

  @Test
  void aLargeFileSendsItsPartsAsItIsWrittenAndCompletesToTheLocalBytes() throws Exception {
    BufferAllocator allocator = memory.allocator();
    List<PendingUpload> pending = new ArrayList<>();
    byte[] expected = local(allocator, 12, 65_536);
    write(S3OutputFile.pending(s3, S3Location.parse("s3://private/p2/large.parquet"), S3OutputFile.MIN_PART_SIZE,
        pending::add), allocator, 12, 65_536);
    PendingUpload u = pending.get(0);
    // ceil(length / 5 MiB) parts, numbered 1.. (the constructor checks the order)
    int parts = (expected.length + S3OutputFile.MIN_PART_SIZE - 1) / S3OutputFile.MIN_PART_SIZE;
    assertTrue(parts >= 3, "several parts: " + expected.length);
    assertEquals(parts, u.parts().size());
    assertEquals(expected.length, u.size());
    assertEquals(null, object("p2/large.parquet"));
    u.complete(s3);
    assertArrayEquals(expected, object("p2/large.parquet"));
  }

  @Test
  void anAbortedPendingUploadLeavesNothingAndAnOldObjectUntouched() throws Exception {
    BufferAllocator allocator = memory.allocator();
    byte[] old = "the previous version".getBytes(StandardCharsets.UTF_8);
    server.put(LoopbackS3.PRIVATE_BUCKET, "p3/kept.parquet", old);
    List<PendingUpload> pending = new ArrayList<>();
    write(S3OutputFile.pending(s3, S3Location.parse("s3://private/p3/kept.parquet"), pending::add), allocator, 1, 10);
    write(S3OutputFile.pending(s3, S3Location.parse("s3://private/p3/new.parquet"), pending::add), allocator, 1, 10);
    assertEquals(2, uploadsUnder("p3/"));
    for (PendingUpload u : pending) {
      throughSerialization(u).abort(s3);
      u.abort(s3); // twice: harmless
    }
    assertEquals(0, uploadsUnder("p3/"));
    assertArrayEquals(old, object("p3/kept.parquet"));
    assertEquals(null, object("p3/new.parquet"));
    IOException e = assertThrows(IOException.class, () -> pending.get(1).complete(s3));
    assertTrue(e.getMessage().contains("s3://private/p3/new.parquet"), e.getMessage());
  }

  @Test
  void anOutputClosedWithoutCommitAbortsItsUploadAndHandsNothingOver() throws Exception {
    List<PendingUpload> pending = new ArrayList<>();
    S3OutputFile file = S3OutputFile.pending(s3, S3Location.parse("s3://private/p4/x.parquet"),
        S3OutputFile.MIN_PART_SIZE, pending::add);
    try (OutputFile.AtomicOutput out = file.create()) {
      out.write(new byte[S3OutputFile.MIN_PART_SIZE + 1], 0, S3OutputFile.MIN_PART_SIZE + 1);
      assertEquals(1, uploadsUnder("p4/"), "the first part went up as soon as the second began");
    }
    assertEquals(List.of(), pending);
    assertEquals(0, uploadsUnder("p4/"));
    assertEquals(null, object("p4/x.parquet"));
  }

  @Test
  void listUploadsFindsWhatAWriterLeftUnderAPrefixOnly() throws Exception {
    List<PendingUpload> pending = new ArrayList<>();
    for (String key : List.of("p5/a/job-1-x.parquet", "p5/a/b/job-2-y.parquet", "p5other/z.parquet")) {
      try (OutputFile.AtomicOutput out = S3OutputFile.pending(s3, S3Location.parse("s3://private/" + key),
          pending::add).create()) {
        out.write(new byte[] {1, 2, 3}, 0, 3);
        out.commit();
      }
    }
    List<PendingUpload.MultipartUpload> listed = s3.listUploads(S3Location.parse("s3://private/p5/"));
    assertEquals(List.of("p5/a/b/job-2-y.parquet", "p5/a/job-1-x.parquet"),
        listed.stream().map(PendingUpload.MultipartUpload::key).sorted().toList());
    for (PendingUpload.MultipartUpload u : listed) {
      assertTrue(pending.stream().anyMatch(p -> p.upload().equals(u)), u + " among " + pending);
      u.abort(s3);
    }
    assertEquals(List.of(), s3.listUploads(S3Location.parse("s3://private/p5/")));
    assertEquals(1, s3.listUploads(S3Location.parse("s3://private/p5other/")).size());
    pending.get(2).abort(s3);
  }

  @Test
  void aPendingUploadRefusesPartsOutOfOrder() {
    PendingUpload.MultipartUpload u = new PendingUpload.MultipartUpload("b", "k", "id");
    assertThrows(IllegalArgumentException.class,
        () -> new PendingUpload(u, List.of(new PendingUpload.Part(2, "e")), 1));
    assertThrows(IllegalArgumentException.class, () -> new PendingUpload(u, List.of(), 0));
  }
}
