/**
 * parquet-arrow core: reading Apache Parquet into Apache Arrow vectors and writing them back.
 *
 * <p>Users see the API packages and nothing else: the encodings ({@code encoding}), the codecs
 * ({@code compress}), page reading ({@code read.page}) and level arithmetic ({@code read.levels})
 * are internals that may change between releases. Arrow's vector and memory modules come with this
 * one ({@code requires transitive}): the API hands out {@code VectorSchemaRoot}s and takes a
 * {@code BufferAllocator}.
 *
 * <pre>{@code
 * module my.app {
 *   requires org.parquetarrow;
 * }
 * // java --add-opens java.base/java.nio=org.apache.arrow.memory.core
 * //      --add-modules org.apache.arrow.memory.unsafe --module-path ... --module my.app/my.app.Main
 * // (arrow-memory-netty is not a module; arrow-memory-unsafe is the allocator for the module path)
 * }</pre>
 */
module org.parquetarrow {
  requires transitive org.apache.arrow.memory.core;
  requires transitive org.apache.arrow.vector;
  // HttpInputFile.open takes the user's HttpClient
  requires transitive java.net.http;
  // ArrowSchemaCodec reads the Arrow schema stored in a Parquet footer (ARROW:schema)
  requires org.apache.arrow.format;
  requires org.apache.thrift;
  requires org.slf4j;
  requires com.github.luben.zstd_jni;
  requires org.xerial.snappy;
  requires org.lz4.java;
  requires com.aayushatharva.brotli4j;
  // Neither jar declares a module name; these are the names Java derives from their file names
  // (zero-allocation-hashing-2026.0.jar, aircompressor-2.0.3.jar), as Arrow's own module-info
  // requires flatbuffers.java. They are stable: aircompressor 2.0.3 is the last release of that
  // artifact (its successor, aircompressor-v3, needs Java 22), and zero-allocation-hashing has
  // merged "Automatic-Module-Name: net.openhft.hashing" for a later release (its PR #119), which
  // is the name to require once core moves to that release. Shading both into core instead would
  // leave this descriptor naming modules the jar no longer needs (the shade plugin does not
  // rewrite module-info) and give the reactor two different core artifacts (classes before
  // package, the shaded jar after).
  requires zero.allocation.hashing;
  requires aircompressor;

  exports org.parquetarrow;
  exports org.parquetarrow.bloom;
  exports org.parquetarrow.crypto;
  exports org.parquetarrow.crypto.keytools;
  exports org.parquetarrow.format;
  exports org.parquetarrow.index;
  exports org.parquetarrow.io;
  exports org.parquetarrow.metadata;
  exports org.parquetarrow.read;
  exports org.parquetarrow.schema;
  exports org.parquetarrow.selection;
  exports org.parquetarrow.stats;
  exports org.parquetarrow.variant;
  exports org.parquetarrow.write;

  // s3:// and other storages are found with ServiceLoader (META-INF/services in their jars)
  uses org.parquetarrow.io.StorageProvider;
}
