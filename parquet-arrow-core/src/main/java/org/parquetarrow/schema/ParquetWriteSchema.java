package org.parquetarrow.schema;

import java.util.List;
import org.parquetarrow.format.KeyValue;

/**
 * What a writer needs from an Arrow schema: the Parquet schema, the footer's key/value metadata
 * (the Arrow schema's metadata, then {@code ARROW:schema} unless omitted) and the
 * {@link SchemaMapping} whose leaves say which Arrow data goes to which column with which levels.
 *
 * <pre>{@code
 * ParquetWriteSchema w = ArrowSchemaConverter.toParquet(root.getSchema());
 * List<SchemaElement> footerSchema = w.parquetSchema().toElements();
 * }</pre>
 *
 * @param mapping the Parquet schema read back with the original Arrow schema applied; its leaves'
 *                {@link FieldMapping#storageType()} is what the column holds (a writer converts
 *                the Arrow data to it: date64 to days, seconds to milliseconds, ...)
 */
public record ParquetWriteSchema(ParquetSchema parquetSchema, List<KeyValue> keyValueMetadata,
    SchemaMapping mapping) {

  public ParquetWriteSchema {
    keyValueMetadata = List.copyOf(keyValueMetadata);
  }
}
