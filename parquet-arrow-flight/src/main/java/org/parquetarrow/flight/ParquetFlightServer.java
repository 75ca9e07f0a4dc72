package org.parquetarrow.flight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.io.Storage;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Arrow Flight server over Parquet datasets, in one line:
 *
 * <pre>{@code
 * try (ParquetFlightServer server = ParquetFlightServer.builder(allocator)
 *     .dataset(Path.of("/data/events"))          // served as "events"
 *     .port(8815)
 *     .peer(new Location("grpc://node2:8815"))   // optional: scale out
 *     .scanOptions(ScanOptions.builder().batchSize(8192).memoryBudget(32L << 20).build()) // optional
 *     .start()) {
 *   server.awaitTermination();
 * }
 * }</pre>
 *
 * Any Flight client reads a dataset with {@code getFlightInfo(FlightDescriptor.path("events"))},
 * then {@code getStream} of each endpoint (at the endpoint's location when it has one), and
 * uploads a new file with {@code startPut(FlightDescriptor.path("events"), …)}. A descriptor's
 * command may instead carry {@link FlightQuery} JSON with columns and a filter.
 */
public final class ParquetFlightServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ParquetFlightServer.class);

  private final FlightServer server;
  private final ParquetFlightProducer producer;
  private final BufferAllocator allocator;
  private final Location location;

  private ParquetFlightServer(FlightServer server, ParquetFlightProducer producer, BufferAllocator allocator,
      Location location) {
    this.server = server;
    this.producer = producer;
    this.allocator = allocator;
    this.location = location;
  }

  /** Where the files of a served directory may lie, symbolic links resolved. */
  public enum SymlinkPolicy {
    /**
     * Inside the served directory: a file that a link leads out of it makes the dataset unavailable
     * (logged, and named to clients), so a link dropped into a served directory cannot expose
     * the rest of the server's disk.
     */
    STAY_INSIDE,
    /** Anywhere: links are followed. */
    FOLLOW
  }

  /**
   * The scan options a server starts every stream from unless given others ({@link
   * Builder#scanOptions}): {@link ScanOptions#defaults()} with a memory budget of 64 MiB per stream.
   */
  public static final ScanOptions DEFAULT_SCAN_OPTIONS = ScanOptions.builder().memoryBudget(64L << 20).build();

  /** A builder; every buffer the server uses comes from a child of {@code allocator}. */
  public static Builder builder(BufferAllocator allocator) {
    return new Builder(allocator);
  }

  /** Where the server listens (the port is the bound one when 0 was asked for). */
  public Location location() {
    return location;
  }

  public int port() {
    return server.getPort();
  }

  /** Blocks until the server shuts down. */
  public void awaitTermination() throws InterruptedException {
    server.awaitTermination();
  }

  /** Stops accepting calls, waits briefly for running ones, and frees everything. */
  @Override
  public void close() throws Exception {
    try {
      // waits a few seconds for running calls, then cancels them (a stream sees the cancel and stops)
      server.close();
    } finally {
      try {
        producer.close();
      } finally {
        allocator.close();
      }
    }
  }

  /** Builder of {@link ParquetFlightServer}. */
  public static final class Builder {
    private final BufferAllocator parent;
    private final Map<String, Object> datasets = new LinkedHashMap<>();
    private final List<Location> peers = new ArrayList<>();
    private String host = "localhost";
    private int port;
    private FlightAuth auth = FlightAuth.none();
    private Path tlsCertificate;
    private Path tlsKey;
    private WriterProperties writerProperties = WriterProperties.defaults();
    private DiscoveryOptions discovery = DiscoveryOptions.defaults();
    private ScanOptions scan = DEFAULT_SCAN_OPTIONS;
    private Duration stallTimeout = Duration.ofMinutes(5);
    private long splitRows = 1_000_000;
    private SymlinkPolicy symlinks = SymlinkPolicy.STAY_INSIDE;
    private UploadLimits uploadLimits = UploadLimits.defaults();

    private Builder(BufferAllocator parent) {
      this.parent = parent;
    }

    /** Serves {@code path} (a directory of Parquet files, possibly empty, or one file) as {@code name}. */
    public Builder dataset(String name, Path path) {
      if (datasets.putIfAbsent(name, path) != null) {
        throw new IllegalArgumentException("two datasets named '" + name + "'");
      }
      return this;
    }

    /**
     * Serves the dataset at {@code location} in {@code storage} ({@code s3://bucket/prefix/},
     * listed, or one file) as {@code name}, read-only: uploads need a local directory. The
     * caller keeps {@code storage} open while the server runs.
     *
     * <pre>{@code
     * try (Storage s3 = Storage.forLocation("s3://bucket/events/", StorageOptions.defaults());
     *     ParquetFlightServer server = ParquetFlightServer.builder(allocator)
     *         .dataset("events", "s3://bucket/events/", s3).start()) { ... }
     * }</pre>
     */
    public Builder dataset(String name, String location, Storage storage) {
      java.util.Objects.requireNonNull(location, "location");
      java.util.Objects.requireNonNull(storage, "storage");
      if (datasets.putIfAbsent(name, new ServedDataset.RemoteRoot(location, storage)) != null) {
        throw new IllegalArgumentException("two datasets named '" + name + "'");
      }
      return this;
    }

    /** Serves {@code path} under its last path component. */
    public Builder dataset(Path path) {
      Path abs = path.toAbsolutePath().normalize();
      if (abs.getFileName() == null) {
        throw new IllegalArgumentException("cannot name a dataset after " + path);
      }
      return dataset(abs.getFileName().toString(), abs);
    }

    /** The interface to bind ({@code 0.0.0.0} for all; default {@code localhost}). */
    public Builder host(String host) {
      this.host = host;
      return this;
    }

    /** The port ({@code 0}, the default, picks a free one). */
    public Builder port(int port) {
      this.port = port;
      return this;
    }

    /** Another server holding files of the same datasets; its files become endpoints at its location. */
    public Builder peer(Location peer) {
      peers.add(peer);
      return this;
    }

    public Builder auth(FlightAuth auth) {
      this.auth = java.util.Objects.requireNonNull(auth, "auth");
      return this;
    }

    /**
     * Serves TLS ({@code grpc+tls}) with a PEM certificate chain and PKCS#8 PEM private key; {@code
     * grpc+tls} peers are then trusted when their certificate is signed by (or is) this chain.
     */
    public Builder tls(Path certificateChain, Path privateKey) {
      this.tlsCertificate = certificateChain;
      this.tlsKey = privateKey;
      return this;
    }

    /** How uploads are written. */
    public Builder writerProperties(WriterProperties properties) {
      this.writerProperties = properties;
      return this;
    }

    public Builder discovery(DiscoveryOptions options) {
      this.discovery = options;
      return this;
    }

    /**
     * What every stream's scan starts from (default {@link #DEFAULT_SCAN_OPTIONS}): batch size and
     * every other read option of a file ({@link ScanOptions#readOptions()}, which row-group range
     * streams read with too), the memory budget one stream may read ahead of a slow client, the
     * files read at once when a dataset whose files differ is streamed whole ({@link
     * ScanOptions#parallelism()}), pruning, fetching and corrupt files. Each query adds its
     * columns and filter.
     *
     * <pre>{@code
     * builder.scanOptions(ScanOptions.builder().batchSize(8192)
     *     .readOptions(ReadOptions.builder().verifyChecksums(false).build()).build());
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code options} set columns, a filter, a limit or
     *     dictionary columns, which are each query's (its {@link FlightQuery})
     */
    public Builder scanOptions(ScanOptions options) {
      java.util.Objects.requireNonNull(options, "options");
      List<String> perQuery = new ArrayList<>();
      if (options.columns() != null) {
        perQuery.add("columns");
      }
      if (options.filter() != null) {
        perQuery.add("filter");
      }
      if (options.limit() != ScanOptions.NO_LIMIT) {
        perQuery.add("limit");
      }
      if (!options.dictionaryColumns().isEmpty()) {
        perQuery.add("dictionaryColumns");
      }
      if (!perQuery.isEmpty()) {
        throw new IllegalArgumentException("the scan options of a Flight server set " + perQuery
            + ", which each query decides (FlightQuery columns and filter): leave them unset");
      }
      this.scan = options;
      return this;
    }

    /**
     * Most rows per streamed batch.
     *
     * @deprecated set {@link ScanOptions.Builder#batchSize} in {@link #scanOptions}
     */
    @Deprecated
    public Builder batchSize(int rows) {
      this.scan = scan.toBuilder().batchSize(rows).build();
      return this;
    }

    /**
     * Decoded bytes one stream may read ahead of a slow client.
     *
     * @deprecated set {@link ScanOptions.Builder#memoryBudget} in {@link #scanOptions}
     */
    @Deprecated
    public Builder streamMemoryBudget(long bytes) {
      this.scan = scan.toBuilder().memoryBudget(bytes).build();
      return this;
    }

    /**
     * Files read at once when a dataset whose files differ is streamed whole.
     *
     * @deprecated set {@link ScanOptions.Builder#parallelism} in {@link #scanOptions}
     */
    @Deprecated
    public Builder scanParallelism(int files) {
      this.scan = scan.toBuilder().parallelism(files).build();
      return this;
    }

    /**
     * Rows above which a file read without a filter is offered as several ranges of row groups
     * (default one million), so clients can read it in parallel.
     */
    public Builder splitRows(long rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("split rows " + rows + " is below 1");
      }
      this.splitRows = rows;
      return this;
    }

    /**
     * Whether a served directory's files may be symbolic links leading out of it (default {@link
     * SymlinkPolicy#STAY_INSIDE}: such a file makes its dataset unavailable, naming the file).
     */
    public Builder symlinks(SymlinkPolicy policy) {
      this.symlinks = java.util.Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** What uploads may take: how many at once, writer memory, message size, idle time (see {@link UploadLimits}). */
    public Builder uploadLimits(UploadLimits limits) {
      this.uploadLimits = java.util.Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** How long a stream waits for a client that reads nothing (default 5 minutes). */
    public Builder stallTimeout(Duration timeout) {
      this.stallTimeout = timeout;
      return this;
    }

    /**
     * Discovers the datasets and starts listening. A dataset that cannot be discovered (a corrupt
     * or vanished file) is logged and served as unavailable until a {@code refresh} succeeds; the
     * others are served.
     *
     * @throws IllegalArgumentException when the peers could not be authenticated (see {@link FlightAuth})
     * @throws UncheckedIOException when the port cannot be bound or the TLS files cannot be read
     */
    public ParquetFlightServer start() {
      // checked first: a misconfigured cluster fails before anything is opened
      CallOption[] peerCredentials = auth.peerCredentials(peers);
      ServerSettings settings = new ServerSettings(scan, stallTimeout.toMillis(), writerProperties, splitRows,
          uploadLimits);
      for (Object root : datasets.values()) {
        if (root instanceof Path dir && java.nio.file.Files.isDirectory(dir)) {
          StaleUploads.remove(dir);
        }
      }
      DatasetCatalog catalog = new DatasetCatalog(datasets, discovery, symlinks);
      BufferAllocator allocator = parent.newChildAllocator("flight-server", 0, Long.MAX_VALUE);
      boolean tls = tlsCertificate != null;
      Location bind = tls ? Location.forGrpcTls(host, port) : Location.forGrpcInsecure(host, port);
      PeerSplits peerSplits;
      try {
        // a TLS cluster usually shares one certificate chain or CA: peers trust the server's own
        peerSplits = new PeerSplits(peers, allocator, peerCredentials,
            tls ? java.nio.file.Files.readAllBytes(tlsCertificate) : null);
      } catch (IOException e) {
        allocator.close();
        throw new UncheckedIOException("cannot read " + tlsCertificate, e);
      }
      ParquetFlightProducer producer = new ParquetFlightProducer(catalog, allocator, peerSplits, settings);
      FlightServer server = null;
      try {
        FlightServer.Builder b = FlightServer.builder(allocator, bind, producer)
            // gRPC refuses a larger message (RESOURCE_EXHAUSTED) before it is buffered
            .maxInboundMessageSize(uploadLimits.maxMessageBytes());
        if (auth.authenticator() != null) {
          b.headerAuthenticator(auth.authenticator());
        }
        if (tls) {
          b.useTls(tlsCertificate.toFile(), tlsKey.toFile());
        }
        server = b.build();
        server.start();
      } catch (IOException | RuntimeException e) {
        if (server != null) {
          closeQuietly(server, e);
        }
        closeQuietly(producer, e);
        allocator.close();
        if (e instanceof IOException io) {
          throw new UncheckedIOException("cannot start the Flight server on " + bind.getUri(), io);
        }
        throw (RuntimeException) e;
      }
      int bound = server.getPort();
      Location at = tls ? Location.forGrpcTls(host, bound) : Location.forGrpcInsecure(host, bound);
      LOG.info("serving {} on {}{}", datasets.keySet(), at.getUri(), peers.isEmpty() ? "" : " with peers " + peers);
      return new ParquetFlightServer(server, producer, allocator, at);
    }

    private static void closeQuietly(AutoCloseable c, Exception cause) {
      try {
        c.close();
      } catch (Exception e) {
        cause.addSuppressed(e);
      }
    }
  }
}
