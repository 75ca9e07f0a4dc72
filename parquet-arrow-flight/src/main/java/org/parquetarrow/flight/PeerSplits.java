package org.parquetarrow.flight;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.LocationSchemes;
import org.apache.arrow.flight.Result;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;

/**
 * The peers of a scale-out server and what they hold: asks each peer's {@value #ACTION} action for
 * the splits of its own files (never its peers', so the question cannot go round in circles).
 */
final class PeerSplits implements AutoCloseable {
  /** The action a peer answers with one serialized {@link FlightInfo} per dataset, local files only. */
  static final String ACTION = "list-splits";

  private final List<Location> peers;
  private final BufferAllocator allocator;
  private final CallOption[] credentials;
  private final byte[] trustedCertificates;
  private final Map<Location, FlightClient> clients = new ConcurrentHashMap<>();

  /**
   * @param trustedCertificates PEM certificates trusted for {@code grpc+tls} peers, or {@code null}
   *     for the system's trust store
   */
  PeerSplits(List<Location> peers, BufferAllocator allocator, CallOption[] credentials, byte[] trustedCertificates) {
    this.peers = List.copyOf(peers);
    this.allocator = allocator;
    this.credentials = credentials.clone();
    this.trustedCertificates = trustedCertificates == null ? null : trustedCertificates.clone();
  }

  boolean isEmpty() {
    return peers.isEmpty();
  }

  /** One peer's answer. */
  record PeerInfos(Location peer, List<FlightInfo> infos) {}

  /**
   * Every peer's local splits of {@code query}, or of every dataset when it is {@code null}.
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code UNAVAILABLE} naming a peer that
   *     cannot be asked: a dataset read without one of its parts would silently miss rows
   */
  List<PeerInfos> fetch(FlightQuery query) {
    byte[] body = query == null ? new byte[0] : query.toJsonBytes();
    List<PeerInfos> out = new ArrayList<>();
    for (Location peer : peers) {
      List<FlightInfo> infos = new ArrayList<>();
      try {
        Iterator<Result> results = client(peer).doAction(new Action(ACTION, body), credentials);
        while (results.hasNext()) {
          infos.add(FlightInfo.deserialize(ByteBuffer.wrap(results.next().getBody())));
        }
      } catch (FlightRuntimeException e) {
        throw CallStatus.UNAVAILABLE.withDescription("peer " + peer.getUri() + " did not list its splits: "
            + e.status().code() + " " + e.getMessage()).withCause(e).toRuntimeException();
      } catch (IOException | URISyntaxException e) {
        throw CallStatus.INTERNAL.withDescription("peer " + peer.getUri() + " sent a malformed FlightInfo: "
            + e.getMessage()).withCause(e).toRuntimeException();
      }
      out.add(new PeerInfos(peer, infos));
    }
    return out;
  }

  private FlightClient client(Location peer) {
    return clients.computeIfAbsent(peer, p -> {
      FlightClient.Builder b = FlightClient.builder(allocator, p);
      if (LocationSchemes.GRPC_TLS.equals(p.getUri().getScheme())) {
        b.useTls();
        if (trustedCertificates != null) {
          b.trustedCertificates(new ByteArrayInputStream(trustedCertificates));
        }
      }
      return b.build();
    });
  }

  @Override
  public void close() throws Exception {
    AutoCloseables.close(clients.values());
    clients.clear();
  }
}
