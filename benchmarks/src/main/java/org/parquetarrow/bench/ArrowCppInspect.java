package org.parquetarrow.bench;

import java.nio.file.Path;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow C++'s reference for a cold {@code schema}: a fresh JVM that opens a Parquet file through
 * the JNI dataset API ({@code inspect()}: the footer read and its schema converted) and exits.
 * {@code bin/bench-cold-start} times it beside {@code bin/parquet-arrow schema}.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.parquetarrow.bench.ArrowCppInspect wide.parquet
 * </pre>
 */
public final class ArrowCppInspect {
  private ArrowCppInspect() {}

  public static void main(String[] args) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        FileSystemDatasetFactory factory = new FileSystemDatasetFactory(allocator,
            NativeMemoryPool.getDefault(), FileFormat.PARQUET, Path.of(args[0]).toUri().toString())) {
      Schema schema = factory.inspect();
      if (schema.getFields().isEmpty()) {
        throw new IllegalStateException("no columns in " + args[0]);
      }
    }
  }
}
