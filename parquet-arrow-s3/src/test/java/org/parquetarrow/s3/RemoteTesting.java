package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** What the remote-file tests share: read options, S3 options for the loopback server, comparison with the local read. */
final class RemoteTesting {
  private RemoteTesting() {}

  /** Small batches, so that they cut across pages and row groups; CRCs unchecked, as in the golden test. */
  static ReadOptions readOptions(BufferAllocator allocator) {
    return ReadOptions.builder(allocator).batchSize(1000).verifyChecksums(false).build();
  }

  /** Path-style options for {@code endpoint} with the loopback server's keys. */
  static S3Options signed(java.net.URI endpoint, RemoteReadOptions read) {
    return S3Options.builder()
        .endpoint(endpoint)
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)))
        .readOptions(read)
        .build();
  }

  /** Asserts that reading {@code remote} gives the batches reading {@code local} gives, value by value. */
  static void assertReadsLikeLocal(Path local, InputFile remote, BufferAllocator allocator) {
    try (ArrowReader expected = ParquetFileReader.open(local, readOptions(allocator)).toArrowReader();
        ArrowReader actual = ParquetFileReader.open(remote, readOptions(allocator)).toArrowReader()) {
      Comparison c = ArrowAssertions.compareData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), () -> remote.name() + ": " + c.describe());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
