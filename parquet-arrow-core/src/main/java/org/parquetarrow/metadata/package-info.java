/**
 * A file's metadata as a reader first meets it: {@link org.parquetarrow.metadata.ParquetFooter}
 * locates the footer at the end of the file, decodes it ({@code format} records) and, for
 * encrypted files, decrypts it or verifies its signature ({@code crypto}); it also gives the
 * file's writer ({@link org.parquetarrow.format.WriterVersion}), parsed once from {@code
 * created_by}.
 *
 * <p>It sits above {@code format}, {@code io} and {@code crypto}, which do not import it: the
 * records and the ciphers know nothing of where a footer is, so the three stay free of cycles.
 *
 * <pre>{@code
 * try (InputFile in = LocalInputFile.open(Path.of("data.parquet"))) {
 *   ParquetFooter footer = ParquetFooter.read(in);
 *   long rows = footer.metadata().numRows();
 *   WriterVersion writer = footer.writerVersion();
 * }
 * }</pre>
 */
package org.parquetarrow.metadata;
