package org.parquetarrow.flight;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.Location;

/**
 * Joins the splits of one dataset held by several servers into one {@link FlightInfo}: this
 * server's endpoints keep no location (a client redeems them where it asked), a peer's endpoints
 * get that peer's location. A file held by more than one server (same relative path) is served by
 * the first, so a client reading every endpoint gets every row exactly once.
 */
final class SplitMerger {
  private final String dataset;
  private FlightInfo first;
  private final List<FlightEndpoint> endpoints = new ArrayList<>();
  private final Set<String> files = new HashSet<>();
  private long rows;
  private long bytes;
  private String firstFrom;
  private boolean duplicates;

  SplitMerger(String dataset) {
    this.dataset = dataset;
  }

  /** Groups infos by the dataset their descriptor names. */
  static Map<String, SplitMerger> byDataset(Map<String, SplitMerger> into, List<FlightInfo> infos, Location at) {
    for (FlightInfo info : infos) {
      String name = FlightQuery.fromDescriptor(info.getDescriptor()).dataset();
      into.computeIfAbsent(name, SplitMerger::new).add(info, at);
    }
    return into;
  }

  static Map<String, SplitMerger> newMap() {
    return new LinkedHashMap<>();
  }

  /** Adds one server's splits; {@code at} is {@code null} for this server. */
  SplitMerger add(FlightInfo info, Location at) {
    String from = at == null ? "this server" : "peer " + at.getUri();
    if (first == null) {
      first = info;
      firstFrom = from;
    } else if (!info.getEndpoints().isEmpty() && !first.getEndpoints().isEmpty()
        && !first.getSchema().getFields().equals(info.getSchema().getFields())) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("dataset '" + dataset + "' has schema " + first.getSchema()
          + " on " + firstFrom + " but " + info.getSchema() + " on " + from).toRuntimeException();
    } else if (first.getEndpoints().isEmpty() && !info.getEndpoints().isEmpty()) {
      // a server without files knows no schema; take the first one that does
      first = info;
      firstFrom = from;
    }
    for (FlightEndpoint e : info.getEndpoints()) {
      SplitTicket t = SplitTicket.fromTicket(e.getTicket());
      if (t.file() != null && !files.add(t.splitKey())) {
        duplicates = true;
        continue;
      }
      endpoints.add(at == null ? e : new FlightEndpoint(e.getTicket(), at));
    }
    rows = rows < 0 || info.getRecords() < 0 ? -1 : rows + info.getRecords();
    bytes = bytes < 0 || info.getBytes() < 0 ? -1 : bytes + info.getBytes();
    return this;
  }

  FlightInfo result() {
    // counts summed over servers would count a shared file twice
    return new FlightInfo(first.getSchema(), first.getDescriptor(), endpoints, duplicates ? -1 : bytes,
        duplicates ? -1 : rows);
  }
}
