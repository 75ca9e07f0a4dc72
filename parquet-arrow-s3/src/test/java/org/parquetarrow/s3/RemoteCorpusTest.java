package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.io.HttpInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.CorpusCatalog.Expect;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Every readable corpus file (those the core's golden test reads) reads from a real S3-compatible
 * server on loopback, and over plain HTTP range requests from the same server, to exactly the
 * batches the local read gives. The S3 reads take their credentials from the SDK's default chain
 * (here its system properties, which come before the environment's AWS_ACCESS_KEY_ID).
 */
@Timeout(60)
class RemoteCorpusTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static LoopbackS3 server;
  private static S3FileSystem s3;

  static Stream<CorpusCatalog.Entry> readableFiles() {
    List<CorpusCatalog.Entry> files = new ArrayList<>();
    for (CorpusCatalog.Entry e :
        CorpusCatalog.load().withExpect(Expect.READS, Expect.READS_LENIENT, Expect.READS_CRC_CHECK_MUST_FAIL)) {
      if (e.isParquet() && e.golden().read()) {
        files.add(e);
      }
    }
    assertTrue(files.size() >= 77, "the catalog lists " + files.size() + " readable files with goldens");
    return files.stream();
  }

  @BeforeAll
  static void startServer() throws Exception {
    server = LoopbackS3.start();
    for (CorpusCatalog.Entry e : readableFiles().toList()) {
      server.put(LoopbackS3.PRIVATE_BUCKET, key(e), e.path());
      server.put(LoopbackS3.PUBLIC_BUCKET, key(e), e.path());
    }
    System.setProperty("aws.accessKeyId", LoopbackS3.ACCESS_KEY);
    System.setProperty("aws.secretAccessKey", LoopbackS3.SECRET_KEY);
    s3 = S3FileSystem.create(S3Options.builder()
        .endpoint(server.endpoint())
        .region("us-east-1")
        .addressing(S3Options.Addressing.PATH_STYLE)
        .credentials(S3Options.Credentials.DEFAULT_CHAIN)
        .build());
  }

  @AfterAll
  static void stopServer() throws Exception {
    System.clearProperty("aws.accessKeyId");
    System.clearProperty("aws.secretAccessKey");
    if (s3 != null) {
      s3.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private static String key(CorpusCatalog.Entry e) {
    return "corpus/" + e.corpus() + "/" + e.relativePath();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readableFiles")
  void readsFromS3LikeLocal(CorpusCatalog.Entry file) throws Exception {
    try (S3InputFile in = s3.open(new S3Location(LoopbackS3.PRIVATE_BUCKET, key(file)))) {
      assertEquals(java.nio.file.Files.size(file.path()), in.length());
      RemoteTesting.assertReadsLikeLocal(file.path(), in, memory.allocator());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readableFiles")
  void readsOverHttpLikeLocal(CorpusCatalog.Entry file) throws Exception {
    try (HttpInputFile in = HttpInputFile.open(
        server.httpUrl(LoopbackS3.PUBLIC_BUCKET, key(file)), RemoteReadOptions.defaults())) {
      assertEquals(java.nio.file.Files.size(file.path()), in.length());
      RemoteTesting.assertReadsLikeLocal(file.path(), in, memory.allocator());
    }
  }
}
