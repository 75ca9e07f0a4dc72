package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.bloom.BloomFilterReader;
import org.parquetarrow.bloom.StoredBloomFilter;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.format.BloomFilterHeader;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.schema.ColumnDescriptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bloom FILE --column PATH --value V}: which row groups may contain V, by their bloom filters.
 * A row group without a filter is reported as such (it may contain anything).
 */
@Command(name = "bloom", mixinStandardHelpOptions = true,
    description = "Tell which row groups may contain a value, by the column's bloom filters.")
final class BloomCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String file;

  @Option(names = "--column", required = true, paramLabel = "PATH", description = "Column (dotted path).")
  String column;

  @Option(names = "--value", required = true, paramLabel = "V",
      description = "The value: a number, text, or hex:… bytes.")
  String value;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Locations locations = storage.locations();
        OpenedParquet p = OpenedParquet.open(locations, file, keys.properties())) {
      ColumnDescriptor c = p.column(column);
      long hash = BloomValueHash.of(value, c);
      int maybe = 0;
      int groups = p.metadata.rowGroups().size();
      for (int r = 0; r < groups; r++) {
        ColumnChunk chunk = p.chunk(r, c.ordinal());
        ErrorLocation where = ErrorLocation.ofFile(p.file.name()).withRowGroup(r).withColumn(c.dottedPath());
        if (chunk.metaData() == null) {
          throw new ParquetCryptoException("column " + c.dottedPath() + " is encrypted; give its key with --column-key")
              .locate(where);
        }
        ColumnDecryptor cd = chunk.cryptoMetadata() == null ? null
            : p.footer.decryptor().columnDecryptor(p.metadata, r, c.ordinal());
        StoredBloomFilter stored = BloomFilterReader.read(p.file, chunk.metaData(), cd, where).orElse(null);
        String verdict;
        if (stored == null) {
          verdict = "no bloom filter";
          maybe++;
        } else if (!stored.probeable()) {
          BloomFilterHeader h = stored.header();
          throw new UnsupportedFeatureException("bloom filter", "bloom filter " + h.algorithm() + "/" + h.hash()
              + "/" + h.compression() + " is not an uncompressed split-block filter with xxHash").locate(where);
        } else if (stored.filter().mightContain(hash)) {
          verdict = "may contain";
          maybe++;
        } else {
          verdict = "does not contain";
        }
        out.printf("row group %d: %s%n", r, verdict);
      }
      out.printf("%s = %s: %d of %d row group(s) may contain it%n", c.dottedPath(), value, maybe, groups);
    }
    out.flush();
    return 0;
  }
}
