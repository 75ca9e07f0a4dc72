/**
 * Reading Parquet files into Arrow: {@link org.parquetarrow.read.ParquetFileReader} opens a file
 * with {@link org.parquetarrow.read.ReadOptions} and hands out {@code VectorSchemaRoot} batches,
 * directly, as an iterator or as an {@code ArrowReader}.
 *
 * <pre>{@code
 * ReadOptions options = ReadOptions.builder(allocator)
 *     .columns("user.name", "id")                           // fields in this order
 *     .rowSelection(RowSelection.fromRanges(0, 1_000))      // rows by their number in the file
 *     .executor(pool)
 *     .build();
 * try (ArrowReader reader = ParquetFileReader.open(path, options).toArrowReader()) {
 *   while (reader.loadNextBatch()) {
 *     consume(reader.getVectorSchemaRoot());
 *   }
 * }
 * }</pre>
 *
 * <h2>How a batch is made</h2>
 *
 * <ul>
 *   <li>Each top-level field of the {@link org.parquetarrow.schema.SchemaMapping} gets one
 *       assembler: a leaf ({@code LeafAssembler}), the null type, or one tree of struct, list and
 *       map nodes over its leaves ({@code NestedAssembler}), the same tree inside and outside
 *       lists.
 *   <li>Each leaf column has one reader ({@code LeafReader}) composed of a cursor over the
 *       pages of the chunk ({@code PageCursor}, over {@link org.parquetarrow.read.page}), a level
 *       strategy chosen once ({@code FlatLevels} or {@code RepeatedLevels}) and a value sink
 *       ({@code ValueSink}) of its Arrow layout: fixed width ({@code FixedWidthSink}, with the
 *       physical-to-Arrow conversions of {@code FixedConversion}), booleans, binaries and
 *       strings, dictionary vectors. A flat leaf turns definition levels into the validity
 *       bitmap; the sink decodes the non-null values densely into the vector's buffer with the decoders of
 *       {@link org.parquetarrow.encoding}, one call per page stretch, and {@link
 *       org.parquetarrow.read.levels.ValueSpreader} then moves them up to their rows in place;
 *       PLAIN fixed-width values stored as Arrow lays them out skip the dense step and go from
 *       the page bytes straight to their rows.
 *   <li>Repeated leaves read whole records (the repetition levels say where one ends, across
 *       pages) and keep their levels; the nested assembler builds list offsets and validity of
 *       every node from them ({@link org.parquetarrow.read.levels.NestedLevels}).
 *   <li>A batch may span pages and row groups; it is cut short when a column's variable-length
 *       bytes reach {@link org.parquetarrow.read.ReadOptions#maxBatchBytes()}.
 *   <li>Leaf types the writer's stored Arrow schema changed (time zones, durations, large
 *       strings, views, seconds, date64, decimal256, uint32 from int64) are adapted after decoding
 *       ({@code StorageAdapter}).
 * </ul>
 *
 * <h2>Errors and memory</h2>
 *
 * <p>Malformed input raises a {@link org.parquetarrow.ParquetException} subclass located at file,
 * row group, column and page; every buffer comes from the caller's allocator, and a failed batch
 * releases what it had allocated. After a failure the reader refuses to go on.
 *
 * <p>Encrypted files read with the keys of {@link org.parquetarrow.read.ReadOptions#decryption()}:
 * the footer is decrypted or its signature verified, the metadata of columns whose keys are known
 * is decrypted, and each encrypted chunk's modules are decrypted as its pages are read. A
 * projected encrypted column without its key fails when the reader opens, naming the column.
 *
 * <h2>Not done yet</h2>
 *
 * <ul>
 *   <li>Dictionary vectors of other than string or binary values (those come out as their
 *       values).
 * </ul>
 */
package org.parquetarrow.read;
