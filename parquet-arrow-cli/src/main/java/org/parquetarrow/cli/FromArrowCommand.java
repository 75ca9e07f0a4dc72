package org.parquetarrow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.dataset.write.DatasetWriteOptions;
import org.parquetarrow.dataset.write.DatasetWriter;
import org.parquetarrow.dataset.write.ExistingDataPolicy;
import org.parquetarrow.dataset.write.WrittenDatasetFile;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.s3.S3FileSystem;
import org.parquetarrow.s3.S3Location;
import org.parquetarrow.s3.S3OutputFile;
import org.parquetarrow.s3.S3Storage;
import org.parquetarrow.crypto.keytools.KeyMaterialFile;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.FloatingPointOrder;
import org.parquetarrow.write.WriterProperties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code from-arrow IN.arrow OUT.parquet}: an Arrow IPC file (or {@code -}: an IPC stream on stdin)
 * written to Parquet with the writer's settings chosen by options; with {@code --partition-by},
 * {@code --max-rows-per-file} or {@code --existing-data}, OUT is a dataset directory written by
 * {@link DatasetWriter} (hive partitions).
 */
@Command(name = "from-arrow", mixinStandardHelpOptions = true,
    description = {"Write an Arrow IPC file (or '-': an IPC stream on stdin) to Parquet.",
        "With --partition-by, --max-rows-per-file or --existing-data, OUT is a dataset directory:"
            + " hive partitions key=value/part-{i}.parquet, the partition columns left out of the files."})
final class FromArrowCommand implements Callable<Integer> {
  /** Which codecs the writer can produce, as the option spells them. */
  enum Codec {
    uncompressed(CompressionCodec.UNCOMPRESSED),
    snappy(CompressionCodec.SNAPPY),
    gzip(CompressionCodec.GZIP),
    zstd(CompressionCodec.ZSTD),
    lz4_raw(CompressionCodec.LZ4_RAW),
    brotli(CompressionCodec.BROTLI);

    final CompressionCodec codec;

    Codec(CompressionCodec codec) {
      this.codec = codec;
    }
  }

  /** What to do with data already in the dataset directory, as the option spells it. */
  enum ExistingData {
    error(ExistingDataPolicy.ERROR),
    overwrite(ExistingDataPolicy.OVERWRITE_PARTITIONS),
    append(ExistingDataPolicy.APPEND);

    final ExistingDataPolicy policy;

    ExistingData(ExistingDataPolicy policy) {
      this.policy = policy;
    }
  }

  /** on/off switches, as the issue spells them. */
  enum Switch {
    on,
    off
  }

  /** The column orders of float columns, as the option spells them. */
  enum FloatOrder {
    ieee(FloatingPointOrder.IEEE_754_TOTAL_ORDER),
    type(FloatingPointOrder.TYPE_DEFINED_ORDER);

    final FloatingPointOrder order;

    FloatOrder(FloatingPointOrder order) {
      this.order = order;
    }
  }

  @Parameters(index = "0", paramLabel = "IN.arrow", description = "Arrow IPC file, or '-' for a stream on stdin.")
  String in;

  @Parameters(index = "1", paramLabel = "OUT", description = "The Parquet file to write (a path, or s3://bucket/key:"
      + " the object appears only once complete), or the dataset directory.")
  String out;

  @Option(names = "--partition-by", split = ",", paramLabel = "COL",
      description = "Top-level columns whose values name hive directories (COL=value/), outermost first.")
  String[] partitionBy = new String[0];

  @Option(names = "--max-rows-per-file", paramLabel = "N", description = "Rows after which a dataset file is closed"
      + " and the next one begun (default: no limit).")
  Long maxRowsPerFile;

  @Option(names = "--existing-data", paramLabel = "error|overwrite|append", description = "When the dataset"
      + " directory holds data: refuse (error, the default), replace the partitions written (overwrite), or add"
      + " files beside it (append).")
  ExistingData existingData;

  @Option(names = "--codec", defaultValue = "snappy", paramLabel = "CODEC",
      description = "One of ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
  Codec codec;

  @Option(names = "--page-version", defaultValue = "1", paramLabel = "1|2", description = "Data page version (default ${DEFAULT-VALUE}).")
  int pageVersion;

  @Option(names = "--dictionary", defaultValue = "on", paramLabel = "on|off", description = "Dictionary encoding (default ${DEFAULT-VALUE}).")
  Switch dictionary;

  @Option(names = "--bloom", split = ",", paramLabel = "COL", description = "Columns (dotted paths) to give bloom filters, each sized for its row group's distinct values at 1%% false positives.")
  String[] bloom = new String[0];

  @Option(names = "--page-index", defaultValue = "on", paramLabel = "on|off", description = "Column and offset index (default ${DEFAULT-VALUE}).")
  Switch pageIndex;

  @Option(names = "--float-order", defaultValue = "ieee", paramLabel = "ieee|type",
      description = "Statistics order of float columns: ieee (IEEE 754 total order with NaN counts, parquet-format 2.13,"
          + " default) or type (the older TYPE_ORDER, for readers before 2.13).")
  FloatOrder floatOrder;

  @Option(names = "--row-group-rows", paramLabel = "N", description = "Rows per row group (default: the writer's).")
  Long rowGroupRows;

  @Mixin EncryptionMixin encryption;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    boolean dataset = partitionBy.length > 0 || maxRowsPerFile != null || existingData != null;
    if (isS3(out)) {
      if (dataset) {
        throw new UserInputException(out + ": a dataset (--partition-by, --max-rows-per-file, --existing-data) is"
            + " written to a local directory; to S3 goes one file");
      }
      if (encryption.cryptoProperties != null) {
        throw new UserInputException(out + ": " + CryptoPropertiesFile.OPTION + " keeps key material in a file beside"
            + " the output, which a write to S3 cannot; use --footer-key/--column-key, or key material stored"
            + " internally by writing locally");
      }
    }
    Path material = isS3(out) ? null : KeyMaterialFile.pathFor(outPath().toAbsolutePath());
    boolean materialBefore = material != null && Files.exists(material);
    WriterProperties props = properties();
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter o = spec.commandLine().getOut();
    DatasetWriteOptions datasetOptions = dataset ? datasetOptions(props) : null;
    try (IpcInput input = IpcInput.open(in, System.in)) {
      if (dataset) {
        List<WrittenDatasetFile> files = writeDataset(input, datasetOptions);
        long rows = files.stream().mapToLong(WrittenDatasetFile::rowCount).sum();
        o.printf(Locale.ROOT, "wrote %d rows to %d files in %s%n", rows, files.size(), out);
      } else {
        o.printf(Locale.ROOT, "wrote %d rows to %s%n", write(input, props, err), out);
      }
    } catch (IOException e) {
      // reading failures are named by IpcInput; what is left is the storage's own words
      dropNewKeyMaterial(material, materialBefore);
      throw new UserInputException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
    } catch (RuntimeException e) {
      dropNewKeyMaterial(material, materialBefore);
      throw e;
    }
    o.flush();
    return 0;
  }

  /**
   * Removes the key-material file written for a file that was not written after all: the writer
   * publishes no file on failure, and material with no data file would only mislead.
   */
  private static void dropNewKeyMaterial(Path material, boolean existedBefore) {
    if (material != null && !existedBefore) {
      try {
        Files.deleteIfExists(material);
      } catch (IOException ignored) {
        // the failure being reported matters more than a leftover file
      }
    }
  }

  private DatasetWriteOptions datasetOptions(WriterProperties props) {
    if (maxRowsPerFile != null && maxRowsPerFile < 1) {
      throw new UserInputException("--max-rows-per-file must be positive, not " + maxRowsPerFile);
    }
    DatasetWriteOptions.Builder b = DatasetWriteOptions.builder()
        .partitionBy(Arrays.stream(partitionBy).map(String::trim).toList())
        .existingData(existingData == null ? ExistingDataPolicy.ERROR : existingData.policy)
        .writerProperties(props);
    if (maxRowsPerFile != null) {
      b.maxRowsPerFile(maxRowsPerFile);
    }
    return b.build();
  }

  private List<WrittenDatasetFile> writeDataset(IpcInput input, DatasetWriteOptions options) throws IOException {
    VectorSchemaRoot root = input.root();
    DatasetWriter w;
    try {
      w = DatasetWriter.open(outPath(), root.getSchema(), input.reader(), options);
    } catch (IllegalArgumentException e) {
      throw new UserInputException(out + ": cannot write as asked: " + e.getMessage(), e);
    }
    try (w) {
      while (input.next()) {
        w.write(root);
      }
      return w.finish();
    }
  }

  private WriterProperties properties() {
    if (pageVersion != 1 && pageVersion != 2) {
      throw new UserInputException("--page-version must be 1 or 2, not " + pageVersion);
    }
    if (rowGroupRows != null && rowGroupRows < 1) {
      throw new UserInputException("--row-group-rows must be positive, not " + rowGroupRows);
    }
    WriterProperties.Builder b = WriterProperties.builder()
        .codec(codec.codec)
        .dataPageVersion(pageVersion == 1 ? DataPageVersion.V1 : DataPageVersion.V2)
        .dictionary(dictionary == Switch.on)
        .pageIndex(pageIndex == Switch.on)
        .floatingPointOrder(floatOrder.order)
        .encryption(encryption.properties(isS3(out) ? null : outPath()));
    if (rowGroupRows != null) {
      b.rowGroupRows(rowGroupRows);
    }
    long groupRows = rowGroupRows != null ? rowGroupRows : WriterProperties.defaults().rowGroupRows();
    // sized for a chunk whose values are all distinct, up to a million (a 1 MiB filter at 1%)
    BloomFilterOptions sizing = new BloomFilterOptions(Math.max(1, Math.min(groupRows, 1_000_000)), 0.01);
    for (String column : bloom) {
      b.column(column.trim(), c -> c.bloomFilter(sizing));
    }
    return b.build();
  }

  static boolean isS3(String location) {
    return location.startsWith("s3://") || location.startsWith("s3a://");
  }

  private Path outPath() {
    return Path.of(out);
  }

  private long write(IpcInput input, WriterProperties props, PrintWriter err) throws IOException {
    if (!isS3(out)) {
      return write(input, props, err, LocalOutputFile.of(outPath()));
    }
    try (S3FileSystem s3 = S3FileSystem.create(S3Storage.s3Options(storage.options()))) {
      // completed only when the writer closes: a failed conversion leaves no object
      return write(input, props, err, S3OutputFile.of(s3, S3Location.parse(out)));
    } catch (IllegalArgumentException e) {
      throw new UserInputException(out + ": " + e.getMessage(), e);
    }
  }

  private long write(IpcInput input, WriterProperties props, PrintWriter err, OutputFile file) throws IOException {
    long total = Math.max(0, input.declaredBatches());
    VectorSchemaRoot root = input.root();
    ProgressBar bar = ProgressBar.start(err, "from-arrow", total);
    long batches = 0;
    long rows = 0;
    ParquetFileWriter w;
    try {
      w = ParquetFileWriter.open(file, root.getSchema(), input.reader(), props);
    } catch (IllegalArgumentException e) {
      throw new UserInputException(out + ": cannot write as asked: " + e.getMessage(), e);
    }
    try {
      while (input.next()) {
        w.write(root);
        rows += root.getRowCount();
        bar.update(++batches, "batches");
      }
      w.close();
    } catch (RuntimeException | Error e) {
      w.abort();
      throw e;
    } finally {
      bar.finish();
    }
    return rows;
  }

}
