package org.parquetarrow.flight;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.format.RowGroup;

/**
 * The JSON answer of the {@code describe} action: the dataset's name, schema, files (relative to
 * the dataset) and counts. The server's own paths are not shown: {@code root} is the last
 * component of the dataset's directory, file or location.
 */
final class DatasetDescription {
  private DatasetDescription() {}

  static ObjectNode of(ServedDataset served) {
    ObjectNode o = FlightQuery.JSON.createObjectNode();
    o.put("dataset", served.name());
    o.put("root", served.rootShownToClients());
    o.put("splitPerFile", served.splittable());
    ArrayNode schema = o.putArray("schema");
    for (Field f : served.schema().getFields()) {
      ObjectNode c = schema.addObject();
      c.put("name", f.getName());
      c.put("type", f.getType().toString());
      c.put("nullable", f.isNullable());
    }
    ArrayNode partitions = o.putArray("partitionColumns");
    if (served.dataset() != null) {
      served.dataset().partitionSchema().getFields().forEach(f -> partitions.add(f.getName()));
    }
    long rows = 0;
    long bytes = 0;
    ArrayNode files = o.putArray("files");
    for (var e : served.files().entrySet()) {
      DatasetFile f = e.getValue();
      long fileBytes = 0;
      for (RowGroup g : f.footer().metadata().rowGroups()) {
        fileBytes += g.totalByteSize();
      }
      ObjectNode n = files.addObject();
      n.put("path", e.getKey());
      n.put("rows", f.rowCount());
      n.put("rowGroups", f.footer().metadata().rowGroups().size());
      n.put("uncompressedBytes", fileBytes);
      rows += f.rowCount();
      bytes += fileBytes;
    }
    o.put("fileCount", served.files().size());
    o.put("rows", rows);
    o.put("uncompressedBytes", bytes);
    return o;
  }
}
