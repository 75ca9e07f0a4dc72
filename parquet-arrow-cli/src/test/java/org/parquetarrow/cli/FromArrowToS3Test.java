package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.jclouds.blobstore.domain.Blob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.s3.LoopbackS3;

/**
 * {@code from-arrow IN s3://bucket/key} on a loopback S3 server: the object holds the bytes the
 * same conversion writes to a local file, and a conversion that fails halfway leaves no object.
 */
class FromArrowToS3Test {
  private static LoopbackS3 server;
  @TempDir static Path dir;

  @BeforeAll
  static void start() throws Exception {
    server = LoopbackS3.start();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static byte[] object(String key) throws Exception {
    Blob blob = server.store().getBlob(LoopbackS3.PUBLIC_BUCKET, key);
    if (blob == null) {
      return null;
    }
    try (InputStream in = blob.getPayload().openStream()) {
      return in.readAllBytes();
    }
  }

  private static Cli toS3(Path arrow, String key, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("from-arrow", arrow.toString(),
        "s3://" + LoopbackS3.PUBLIC_BUCKET + "/" + key, "--s3-endpoint", server.anonymousEndpoint().toString(),
        "--anonymous"));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(new String[0]));
  }

  @Test
  void theObjectHoldsTheBytesOfTheLocalConversion() throws Exception {
    Path arrow = dir.resolve("in.arrow");
    ArrowFiles.idsAndNames(arrow, 5_000, 1_000);
    Path local = dir.resolve("local.parquet");
    assertEquals(0, Cli.run("from-arrow", arrow.toString(), local.toString(), "--codec", "zstd").exit());
    Cli r = toS3(arrow, "out/converted.parquet", "--codec", "zstd");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("wrote 5000 rows to s3://public/out/converted.parquet"), r.out());
    assertArrayEquals(Files.readAllBytes(local), object("out/converted.parquet"));
  }

  @Test
  void aConversionThatFailsHalfwayLeavesNoObject() throws Exception {
    Path arrow = dir.resolve("broken.arrow");
    ArrowFiles.idsAndNames(arrow, 4_000, 1_000);
    ArrowBlock third;
    try (RootAllocator a = new RootAllocator();
        ArrowFileReader reader = new ArrowFileReader(FileChannel.open(arrow, StandardOpenOption.READ), a)) {
      List<ArrowBlock> blocks = reader.getRecordBlocks();
      assertEquals(4, blocks.size());
      third = blocks.get(2);
    }
    // the third batch's message (its flatbuffer after the continuation and length words) garbled:
    // the first two batches are written before the read fails
    byte[] garbage = new byte[third.getMetadataLength() - 8];
    java.util.Arrays.fill(garbage, (byte) 0xFF);
    try (FileChannel ch = FileChannel.open(arrow, StandardOpenOption.WRITE)) {
      ch.write(java.nio.ByteBuffer.wrap(garbage), third.getOffset() + 8);
    }
    Cli r = toS3(arrow, "out/broken.parquet");
    assertNotEquals(0, r.exit(), r.out());
    assertNull(object("out/broken.parquet"), "no object: " + r.err());

    Cli dataset = toS3(dir.resolve("broken.arrow"), "out/ds", "--partition-by", "id");
    assertNotEquals(0, dataset.exit());
    assertTrue(dataset.err().contains("written to a local directory"), dataset.err());
  }
}
