/**
 * The Parquet VARIANT logical type: the binary encoding of {@code VariantEncoding.md}
 * ({@link org.parquetarrow.variant.Variant}, {@link org.parquetarrow.variant.VariantMetadata}) and
 * the reconstruction of shredded variants of {@code VariantShredding.md}
 * ({@link org.parquetarrow.variant.VariantUnshredder}), which the reader applies to VARIANT columns
 * by default.
 *
 * <pre>{@code
 * try (ParquetFileReader reader = ParquetFileReader.open(path, ReadOptions.defaults(allocator))) {
 *   for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
 *     StructVector events = (StructVector) batch.getVector("event");   // arrow.parquet.variant
 *     VarBinaryVector metadata = (VarBinaryVector) events.getChild("metadata");
 *     VarBinaryVector value = (VarBinaryVector) events.getChild("value");
 *     String json = Variant.of(metadata.get(0), value.get(0)).toJson();
 *     batch.close();
 *   }
 * }
 * }</pre>
 *
 * <p>Every length, offset, count and field id read from variant bytes is checked against the
 * bytes before use; malformed bytes and spec-invalid shredding raise
 * {@link org.parquetarrow.variant.VariantFormatException}, a
 * {@link org.parquetarrow.CorruptFileException}.
 */
package org.parquetarrow.variant;
