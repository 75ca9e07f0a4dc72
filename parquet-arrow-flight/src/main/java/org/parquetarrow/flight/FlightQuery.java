package org.parquetarrow.flight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightDescriptor;
import org.parquetarrow.dataset.scan.ScanOptions;

/**
 * What a client asks of a served dataset: its name, the columns to return and a row filter in the
 * dataset layer's SQL {@code WHERE} syntax. A Flight descriptor carries it either as a path (one
 * element, the dataset name: every column, every row) or as a command holding JSON:
 *
 * <pre>{@code
 * FlightDescriptor d = new FlightQuery("events", List.of("id", "name"), "year = 2024").toDescriptor();
 * // command bytes: {"dataset":"events","columns":["id","name"],"filter":"year = 2024"}
 * }</pre>
 *
 * @param dataset the served dataset's name
 * @param columns the columns to return, or {@code null} for all
 * @param filter the row filter, or {@code null} for every row
 */
public record FlightQuery(String dataset, List<String> columns, String filter) {
  static final ObjectMapper JSON = new ObjectMapper();

  public FlightQuery {
    Objects.requireNonNull(dataset, "dataset");
    columns = columns == null ? null : List.copyOf(columns);
    filter = filter == null || filter.isBlank() ? null : filter;
  }

  /** Every row and column of {@code dataset}. */
  public static FlightQuery of(String dataset) {
    return new FlightQuery(dataset, null, null);
  }

  /**
   * The query a descriptor carries.
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code INVALID_ARGUMENT} for a path that
   *     is not one name, or a command that is not the JSON above
   */
  public static FlightQuery fromDescriptor(FlightDescriptor descriptor) {
    if (!descriptor.isCommand()) {
      List<String> path = descriptor.getPath();
      if (path.size() != 1) {
        throw CallStatus.INVALID_ARGUMENT
            .withDescription("a path descriptor names one dataset, got " + path)
            .toRuntimeException();
      }
      return of(path.get(0));
    }
    return fromJson(descriptor.getCommand());
  }

  /** Parses the JSON form ({@code dataset} required, {@code columns} and {@code filter} optional). */
  static FlightQuery fromJson(byte[] json) {
    JsonNode node;
    try {
      node = JSON.readTree(json);
    } catch (IOException e) {
      throw invalid("the descriptor command is not JSON: " + e.getMessage());
    }
    return fromJson(node);
  }

  static FlightQuery fromJson(JsonNode node) {
    return fromJson(node, "the descriptor command");
  }

  /**
   * The query an action's body carries, one format for every action: the JSON form above, or
   * (for compatibility) a bare dataset name in UTF-8; {@code null} for an empty body.
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code INVALID_ARGUMENT} naming the
   *     action and the problem: not UTF-8, malformed JSON, JSON that is not such an object
   */
  static FlightQuery fromActionBody(String action, byte[] body) {
    String what = "the body of action '" + action + "'";
    String text;
    try {
      text = body == null ? "" : StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body)).toString().strip();
    } catch (CharacterCodingException e) {
      throw invalid(what + " is not UTF-8 text");
    }
    if (text.isEmpty()) {
      return null;
    }
    char first = text.charAt(0);
    if (first != '{' && first != '[' && first != '"') {
      return of(text); // a bare name
    }
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw invalid(what + " is not valid JSON: " + e.getOriginalMessage());
    }
    return fromJson(node, what);
  }

  /** The query in {@code node}; {@code what} names it in messages ("a ticket", "the descriptor command"). */
  static FlightQuery fromJson(JsonNode node, String what) {
    if (node == null || !node.isObject() || !node.path("dataset").isTextual()) {
      throw invalid(what + " must be a JSON object with a \"dataset\" string, such as {\"dataset\":\"events\"}");
    }
    List<String> columns = null;
    JsonNode cols = node.get("columns");
    if (cols != null && !cols.isNull()) {
      if (!cols.isArray()) {
        throw invalid("\"columns\" must be an array of column names");
      }
      columns = new ArrayList<>();
      for (JsonNode c : cols) {
        if (!c.isTextual()) {
          throw invalid("\"columns\" must be an array of column names, found " + c);
        }
        columns.add(c.asText());
      }
    }
    JsonNode filter = node.get("filter");
    if (filter != null && !filter.isNull() && !filter.isTextual()) {
      throw invalid("\"filter\" must be a string");
    }
    return new FlightQuery(node.get("dataset").asText(), columns,
        filter == null || filter.isNull() ? null : filter.asText());
  }

  /** A path descriptor when the query is the whole dataset, otherwise a JSON command. */
  public FlightDescriptor toDescriptor() {
    if (columns == null && filter == null) {
      return FlightDescriptor.path(dataset);
    }
    return FlightDescriptor.command(toJsonBytes());
  }

  byte[] toJsonBytes() {
    try {
      return JSON.writeValueAsBytes(toJson());
    } catch (IOException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  ObjectNode toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("dataset", dataset);
    if (columns != null) {
      ArrayNode a = o.putArray("columns");
      columns.forEach(a::add);
    }
    if (filter != null) {
      o.put("filter", filter);
    }
    return o;
  }

  /**
   * The scan options of this query.
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionParseException for a malformed filter
   */
  ScanOptions.Builder scanOptions() {
    return scanOptions(ScanOptions.defaults());
  }

  /**
   * {@code server}'s scan options (the server's template) with this query's columns and filter.
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionParseException for a malformed filter
   */
  ScanOptions.Builder scanOptions(ScanOptions server) {
    ScanOptions.Builder b = server.toBuilder().columns(columns);
    if (filter != null) {
      b.filter(filter);
    }
    return b;
  }

  private static RuntimeException invalid(String message) {
    return CallStatus.INVALID_ARGUMENT.withDescription(message).toRuntimeException();
  }
}
