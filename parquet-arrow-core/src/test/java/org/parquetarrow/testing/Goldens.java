package org.parquetarrow.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Finds and loads the Arrow C++ golden of a corpus file: for {@code <corpus>/<dir>/<name>} the
 * sidecar is {@code <corpus>/expected/<dir>__<name>.json} and the data, when Arrow C++ read the
 * file, {@code <corpus>/expected/<dir>__<name>.arrow} (Arrow IPC file format).
 *
 * <pre>{@code
 * Golden g = Goldens.of(TestData.parquetTesting().resolve("data/binary.parquet"));
 * }</pre>
 */
public final class Goldens {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Goldens() {}

  /** The golden of {@code source}, a file under the parquet-testing or arrow-testing folder. */
  public static Golden of(Path source) {
    Path file = source.toAbsolutePath().normalize();
    for (Path root : new Path[] {TestData.parquetTesting(), TestData.arrowTesting()}) {
      Path r = root.toAbsolutePath().normalize();
      if (file.startsWith(r)) {
        return of(r, r.relativize(file).toString().replace('\\', '/'));
      }
    }
    throw new IllegalArgumentException(source + " is in neither test corpus");
  }

  /** The golden of {@code relativePath} inside the corpus folder {@code corpusRoot}. */
  public static Golden of(Path corpusRoot, String relativePath) {
    String base = relativePath.replace("/", "__");
    Path sidecar = corpusRoot.resolve("expected").resolve(base + ".json");
    if (!Files.isRegularFile(sidecar)) {
      throw new IllegalStateException("no golden sidecar " + sidecar);
    }
    JsonNode json;
    try {
      json = JSON.readTree(sidecar.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String status = json.path("status").asText(null);
    Schema schema = null;
    JsonNode schemaJson = json.get("arrow_schema_json");
    if (schemaJson != null && !schemaJson.isNull()) {
      try {
        schema = Schema.fromJSON(JSON.writeValueAsString(schemaJson));
      } catch (IOException e) {
        throw new UncheckedIOException("unreadable arrow_schema_json in " + sidecar, e);
      }
    }
    Path ipc = null;
    if ("ok".equals(status)) {
      ipc = corpusRoot.resolve("expected").resolve(json.path("ipc_file").asText(base + ".arrow"));
      if (!Files.isRegularFile(ipc)) {
        throw new IllegalStateException("golden " + sidecar + " says ok but " + ipc + " is missing");
      }
    }
    return new Golden(
        corpusRoot.resolve(relativePath),
        sidecar,
        status,
        json.has("row_count") ? json.get("row_count").asLong() : -1,
        schema,
        json.has("error") ? json.get("error").asText() : null,
        ipc);
  }
}
