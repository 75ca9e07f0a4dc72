package org.parquetarrow.flight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Ticket;

/**
 * The ticket of one split: the query, and the file (relative to the dataset's directory, with
 * {@code /} separators) whose rows it returns; a {@code null} file is the whole dataset as the
 * issuing server holds it. The ticket names no server, so any server holding the same file can
 * redeem it.
 *
 * @param query the query
 * @param file the file's relative path, or {@code null} for every local file
 */
record SplitTicket(FlightQuery query, String file) {

  Ticket toTicket() {
    ObjectNode o = query.toJson();
    if (file != null) {
      o.put("file", file);
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
    } catch (IOException e) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("not a ticket of this server: " + e.getMessage())
          .toRuntimeException();
    }
    FlightQuery q = FlightQuery.fromJson(node);
    JsonNode f = node.get("file");
    if (f != null && !f.isNull() && !f.isTextual()) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("the ticket's \"file\" must be a string").toRuntimeException();
    }
    return new SplitTicket(q, f == null || f.isNull() ? null : f.asText());
  }
}
