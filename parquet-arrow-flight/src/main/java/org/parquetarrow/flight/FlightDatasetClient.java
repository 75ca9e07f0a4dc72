package org.parquetarrow.flight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.LocationSchemes;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;

/**
 * A Flight client reading a served dataset: asks one server for the {@link FlightInfo} and reads
 * every endpoint, from that server when the endpoint names no location, else from the server it
 * names (connections are kept for reuse). Nothing here is specific to this project's server: it is
 * the plain Flight protocol.
 *
 * <pre>{@code
 * try (FlightDatasetClient c = FlightDatasetClient.builder(new Location("grpc+tls://node1:8815"), allocator)
 *     .token(secret)                            // optional: a bearer token sent with every call
 *     .trustedCertificates(Path.of("ca.pem"))   // optional: else the system's trust store
 *     .connect()) {
 *   FlightInfo info = c.info(new FlightQuery("events", List.of("id"), "id < 100"));
 *   long rows = c.read(info, root -> consume(root));
 * }
 * }</pre>
 */
public final class FlightDatasetClient implements AutoCloseable {
  private final BufferAllocator allocator;
  private final Location home;
  private final String token;
  private final byte[] trustedCertificates;
  private final Map<Location, FlightClient> clients = new ConcurrentHashMap<>();

  private FlightDatasetClient(BufferAllocator allocator, Location home, String token, byte[] trustedCertificates) {
    this.allocator = allocator;
    this.home = home;
    this.token = token;
    this.trustedCertificates = trustedCertificates;
  }

  /**
   * A builder of a client of the server at {@code location} ({@code grpc://}, {@code grpc+tcp://}
   * or {@code grpc+tls://}); every buffer comes from {@code allocator}.
   */
  public static Builder builder(Location location, BufferAllocator allocator) {
    return new Builder(location, allocator);
  }

  /**
   * A client of the server at {@code location} ({@code grpc://}, {@code grpc+tcp://} or {@code
   * grpc+tls://}).
   *
   * @param token a bearer token sent with every call, or {@code null}
   * @param trustedCertificates PEM certificates trusted for TLS, or {@code null} for the system's
   * @deprecated use {@link #builder(Location, BufferAllocator)}
   */
  @Deprecated
  public static FlightDatasetClient connect(Location location, BufferAllocator allocator, String token,
      Path trustedCertificates) {
    return builder(location, allocator).token(token).trustedCertificates(trustedCertificates).connect();
  }

  /** Builder of {@link FlightDatasetClient}. */
  public static final class Builder {
    private final Location location;
    private final BufferAllocator allocator;
    private String token;
    private Path trustedCertificates;

    private Builder(Location location, BufferAllocator allocator) {
      this.location = java.util.Objects.requireNonNull(location, "location");
      this.allocator = java.util.Objects.requireNonNull(allocator, "allocator");
    }

    /** A bearer token sent with every call; {@code null} (the default) sends none. */
    public Builder token(String token) {
      this.token = token;
      return this;
    }

    /**
     * PEM certificates trusted for TLS servers and peers; {@code null} (the default) trusts the
     * system's.
     */
    public Builder trustedCertificates(Path pem) {
      this.trustedCertificates = pem;
      return this;
    }

    /**
     * The client, connected to the server.
     *
     * @throws UncheckedIOException if the trusted certificates cannot be read
     */
    public FlightDatasetClient connect() {
      byte[] trusted = null;
      if (trustedCertificates != null) {
        try {
          trusted = Files.readAllBytes(trustedCertificates);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot read " + trustedCertificates, e);
        }
      }
      FlightDatasetClient c = new FlightDatasetClient(allocator, location, token, trusted);
      c.client(location);
      return c;
    }
  }

  /** The Flight client of the server this client was connected to. */
  public FlightClient flightClient() {
    return client(home);
  }

  /** The options every call carries (the bearer token, if any). */
  public CallOption[] callOptions() {
    return token == null ? new CallOption[0] : new CallOption[] {FlightAuth.bearer(token)};
  }

  /** The splits of {@code query} as the server (and its peers) hold them. */
  public FlightInfo info(FlightQuery query) {
    return flightClient().getInfo(query.toDescriptor(), callOptions());
  }

  /**
   * Streams every endpoint of {@code info} in order, handing each batch to {@code consumer} (valid
   * only during the call), and returns the number of rows read.
   */
  public long read(FlightInfo info, Consumer<org.apache.arrow.vector.VectorSchemaRoot> consumer) throws Exception {
    long rows = 0;
    for (FlightEndpoint e : info.getEndpoints()) {
      rows += read(e, consumer);
    }
    return rows;
  }

  /**
   * Streams the endpoints of {@code info} on {@code threads} threads at once (each endpoint from
   * the server holding it); {@code consumer} sees one batch at a time, in no particular order, and
   * the batch is valid only during the call. Returns the number of rows read; the first failure is
   * thrown once every started stream has ended.
   */
  public long read(FlightInfo info, int threads, Consumer<org.apache.arrow.vector.VectorSchemaRoot> consumer)
      throws Exception {
    if (threads < 1) {
      throw new IllegalArgumentException("threads " + threads + " is below 1");
    }
    if (threads == 1 || info.getEndpoints().size() < 2) {
      return read(info, consumer);
    }
    Object lock = new Object();
    Consumer<org.apache.arrow.vector.VectorSchemaRoot> serialized = batch -> {
      synchronized (lock) {
        consumer.accept(batch);
      }
    };
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, info.getEndpoints().size()));
    try {
      List<Future<Long>> parts = new ArrayList<>();
      for (FlightEndpoint e : info.getEndpoints()) {
        parts.add(pool.submit(() -> read(e, serialized)));
      }
      long rows = 0;
      Exception first = null;
      for (Future<Long> f : parts) {
        try {
          rows += f.get();
        } catch (ExecutionException e) {
          if (first == null) {
            first = e.getCause() instanceof Exception x ? x : e;
          }
        }
      }
      if (first != null) {
        throw first;
      }
      return rows;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Streams one endpoint; see {@link #read(FlightInfo, Consumer)}. */
  public long read(FlightEndpoint endpoint, Consumer<org.apache.arrow.vector.VectorSchemaRoot> consumer)
      throws Exception {
    FlightClient c = endpoint.getLocations().isEmpty() ? flightClient() : client(endpoint.getLocations().get(0));
    long rows = 0;
    try (FlightStream stream = c.getStream(endpoint.getTicket(), callOptions())) {
      while (stream.next()) {
        rows += stream.getRoot().getRowCount();
        consumer.accept(stream.getRoot());
      }
    }
    return rows;
  }

  private FlightClient client(Location location) {
    Location l = LocationSchemes.REUSE_CONNECTION.equals(location.getUri().getScheme()) ? home : location;
    return clients.computeIfAbsent(l, this::open);
  }

  private FlightClient open(Location location) {
    FlightClient.Builder b = FlightClient.builder(allocator, location);
    if (LocationSchemes.GRPC_TLS.equals(location.getUri().getScheme())) {
      b.useTls();
      if (trustedCertificates != null) {
        b.trustedCertificates(new java.io.ByteArrayInputStream(trustedCertificates));
      }
    }
    return b.build();
  }

  @Override
  public void close() throws Exception {
    AutoCloseables.close(clients.values());
    clients.clear();
  }

}
