package org.parquetarrow.flight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Ticket;

/**
 * The ticket of one split: the query, the file (relative to the dataset's directory, with {@code /}
 * separators) whose rows it returns, and optionally a range of the file's row groups; a {@code
 * null} file is the whole dataset as the issuing server holds it. The ticket names no server, so
 * any server holding the same file can redeem it.
 *
 * @param query the query
 * @param file the file's relative path, or {@code null} for every local file
 * @param firstRowGroup the first row group of the range, or -1 for the whole file
 * @param endRowGroup one past the last row group of the range, or -1 for the whole file
 */
record SplitTicket(FlightQuery query, String file, int firstRowGroup, int endRowGroup) {

  SplitTicket(FlightQuery query, String file) {
    this(query, file, -1, -1);
  }

  boolean isRowGroupRange() {
    return firstRowGroup >= 0;
  }

  /** What identifies the rows of this split across servers holding the same file. */
  String splitKey() {
    return isRowGroupRange() ? file + "#" + firstRowGroup + "-" + endRowGroup : file;
  }

  Ticket toTicket() {
    ObjectNode o = query.toJson();
    if (file != null) {
      o.put("file", file);
    }
    if (isRowGroupRange()) {
      o.putArray("rowGroups").add(firstRowGroup).add(endRowGroup);
    }
    try {
      return new Ticket(FlightQuery.JSON.writeValueAsBytes(o));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  /**
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code INVALID_ARGUMENT} for bytes this
   *     server did not issue
   */
  static SplitTicket fromTicket(Ticket ticket) {
    JsonNode node;
    try {
      node = FlightQuery.JSON.readTree(ticket.getBytes());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      // the original message only: the full one adds Jackson's source excerpt and position
      throw invalid("not a ticket of this server: not valid JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw invalid("not a ticket of this server: " + e.getMessage());
    }
    if (node == null || node.isMissingNode()) {
      throw invalid("not a ticket of this server: it is empty");
    }
    // a user who hand-writes a ticket is told about tickets, not descriptor commands
    FlightQuery q = FlightQuery.fromJson(node, "a ticket");
    JsonNode f = node.get("file");
    if (f != null && !f.isNull() && !f.isTextual()) {
      throw invalid("the ticket's \"file\" must be a string");
    }
    String file = f == null || f.isNull() ? null : f.asText();
    JsonNode range = node.get("rowGroups");
    if (range == null || range.isNull()) {
      return new SplitTicket(q, file);
    }
    if (file == null || !range.isArray() || range.size() != 2 || !range.get(0).isInt() || !range.get(1).isInt()
        || range.get(0).asInt() < 0 || range.get(1).asInt() <= range.get(0).asInt()) {
      throw invalid("the ticket's \"rowGroups\" must be [first, end) of a file, got " + range);
    }
    return new SplitTicket(q, file, range.get(0).asInt(), range.get(1).asInt());
  }

  private static RuntimeException invalid(String message) {
    return CallStatus.INVALID_ARGUMENT.withDescription(message).toRuntimeException();
  }
}
