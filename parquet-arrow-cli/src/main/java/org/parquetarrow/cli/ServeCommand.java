package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.FooterCache;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.flight.FlightAuth;
import org.parquetarrow.flight.ParquetFlightServer;
import org.parquetarrow.read.ReadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code serve PATH… [--port P] [--host H] [--peer grpc://h:p …] [--token-file FILE]}: an Arrow Flight
 * server over Parquet datasets, each PATH served as the dataset named by its last path component;
 * runs until stopped (Ctrl-C), printing where it listens. With keys, encrypted files are served
 * decrypted (the keys stay on the server).
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serve Parquet datasets over Arrow Flight until stopped; each PATH is the dataset named by its last"
        + " path component.")
final class ServeCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "PATH",
      description = "A directory of Parquet files (may be empty, for uploads) or one Parquet file; or, read-only,"
          + " s3://bucket/prefix/ or s3://bucket/key (named by the last component).")
  List<String> paths;

  @Option(names = "--port", defaultValue = "8815", paramLabel = "P", description = "Port to listen on; 0 picks a free"
      + " one (default ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--batch-size", defaultValue = "" + ReadOptions.DEFAULT_BATCH_SIZE, paramLabel = "N",
      description = "Most rows per streamed batch (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(names = "--host", defaultValue = "localhost", paramLabel = "H",
      description = "Interface to bind; 0.0.0.0 for every one (default ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--peer", paramLabel = "grpc://h:p", description = "Another server holding files of the same"
      + " datasets; its files are listed as endpoints at its location. Repeatable.")
  List<String> peers = new ArrayList<>();

  /** Where the bearer token comes from when neither --token-file nor --token is given. */
  static final String TOKEN_VARIABLE = "PARQUET_ARROW_TOKEN";
  /** Where the peer token comes from when --peer-token-file is not given. */
  static final String PEER_TOKEN_VARIABLE = "PARQUET_ARROW_PEER_TOKEN";

  @Option(names = "--token-file", paramLabel = "FILE", description = "Require the bearer token in FILE (its first"
      + " line) on every call. Without it, the token is taken from $" + TOKEN_VARIABLE + " when set.")
  Path tokenFile;

  @Option(names = "--token", paramLabel = "T", description = "Require this bearer token on every call. Discouraged:"
      + " the process arguments are readable by every local user; use --token-file or $" + TOKEN_VARIABLE + ".")
  String token;

  @Option(names = "--peer-token-file", paramLabel = "FILE", description = "The token peers show each other (the"
      + " same on every server of the cluster; default the bearer token). Without it, $" + PEER_TOKEN_VARIABLE
      + " when set.")
  Path peerTokenFile;

  @Option(names = "--peer-token-transport", paramLabel = "TLS_ONLY|ALSO_PLAINTEXT", defaultValue = "TLS_ONLY",
      description = "Send the peer token only to grpc+tls peers (default), or also to plain grpc:// ones (trusted"
          + " networks only).")
  FlightAuth.PeerTokenTransport peerTokenTransport;

  @Option(names = "--follow-symlinks", description = "Serve files that symbolic links lead to outside a served"
      + " directory (by default such a file makes its dataset unavailable).")
  boolean followSymlinks;

  @Option(names = "--tls-cert", paramLabel = "CERT.pem", description = "Serve TLS with this PEM certificate chain.")
  Path tlsCertificate;

  @Option(names = "--tls-key", paramLabel = "KEY.pem", description = "The PKCS#8 PEM private key of --tls-cert.")
  Path tlsKey;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  /** Footers kept across refreshes; most are KBs, a very wide file's MBs, so the count stays modest. */
  private static final int FOOTER_CACHE_FILES = 1_000;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if ((tlsCertificate == null) != (tlsKey == null)) {
      throw new UserInputException("--tls-cert and --tls-key go together");
    }
    if (batchSize < 1) {
      throw new UserInputException("--batch-size must be at least 1, not " + batchSize);
    }
    for (String p : paths) {
      if (Locations.localMissing(p)) {
        throw new UserInputException(p + ": no such file or directory");
      }
    }
    boolean interrupted = false;
    // the storages of remote datasets stay open while the server runs
    try (Locations locations = storage.locations();
        BufferAllocator allocator = new RootAllocator()) {
      ParquetFlightServer.Builder b = ParquetFlightServer.builder(allocator).host(host).port(port)
          // a refresh re-reads only the footers of files that changed (on S3 each footer is a request)
          .discovery(DiscoveryOptions.builder().decryption(keys.properties())
              .footerCache(new FooterCache(FOOTER_CACHE_FILES)).build())
          .scanOptions(scanOptions());
      for (String p : paths) {
        if (Locations.isRemote(p)) {
          b.dataset(remoteName(p), p, locations.storage(p));
        } else {
          b.dataset(Path.of(p));
        }
      }
      for (String peer : peers) {
        b.peer(location(peer));
      }
      b.auth(auth());
      if (followSymlinks) {
        b.symlinks(ParquetFlightServer.SymlinkPolicy.FOLLOW);
      }
      if (tlsCertificate != null) {
        b.tls(tlsCertificate, tlsKey);
      }
      try (ParquetFlightServer server = start(b)) {
        Thread hook = new Thread(() -> closeQuietly(server), "parquet-arrow-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "serving %d dataset%s on %s (Ctrl-C stops)%n", paths.size(),
            paths.size() == 1 ? "" : "s", server.location().getUri());
        out.flush();
        try {
          server.awaitTermination();
        } catch (InterruptedException e) {
          // stopping is what an interrupt asks for; the flag is restored once the server is closed
          interrupted = true;
        } finally {
          removeHook(hook);
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  /** Starts the server; a configuration it refuses (peers that could not be authenticated) is the user's to fix. */
  /** The server's scan options: its defaults with the command's batch size. */
  private ScanOptions scanOptions() {
    return ParquetFlightServer.DEFAULT_SCAN_OPTIONS.toBuilder().batchSize(batchSize).build();
  }

  private static ParquetFlightServer start(ParquetFlightServer.Builder b) {
    try {
      return b.start();
    } catch (IllegalArgumentException e) {
      throw new UserInputException(e.getMessage(), e);
    }
  }

  /** The bearer token (file, then --token, then the environment) and the peer token, or none. */
  private FlightAuth auth() {
    if (tokenFile != null && token != null) {
      throw new UserInputException("--token-file and --token both give the token: keep --token-file");
    }
    String bearer;
    if (tokenFile != null) {
      bearer = readToken(tokenFile, "--token-file");
    } else if (token != null) {
      spec.commandLine().getErr().println("warning: --token puts the token in the process arguments, readable by"
          + " every local user; use --token-file FILE or $" + TOKEN_VARIABLE + " instead");
      bearer = token;
    } else {
      bearer = nonEmpty(System.getenv(TOKEN_VARIABLE));
    }
    String peerToken = peerTokenFile != null ? readToken(peerTokenFile, "--peer-token-file")
        : nonEmpty(System.getenv(PEER_TOKEN_VARIABLE));
    if (bearer == null) {
      if (peerTokenFile != null) {
        throw new UserInputException("--peer-token-file needs a bearer token (--token-file or $" + TOKEN_VARIABLE + ")");
      }
      return FlightAuth.none();
    }
    FlightAuth auth = FlightAuth.bearerToken(bearer);
    if (peerToken != null) {
      auth = auth.withPeerToken(peerToken);
    }
    return auth.peerTokenTransport(peerTokenTransport);
  }

  /** The first line of {@code file}, trimmed. */
  private static String readToken(Path file, String option) {
    String first;
    try {
      first = Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8).stream().findFirst().orElse("");
    } catch (java.io.IOException e) {
      throw new UserInputException(option + " " + file + ": cannot read it (" + e.getMessage() + ")", e);
    }
    String t = nonEmpty(first.strip());
    if (t == null) {
      throw new UserInputException(option + " " + file + ": the first line is empty");
    }
    return t;
  }

  private static String nonEmpty(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  /** A remote dataset's name: the last non-empty component of its location. */
  private static String remoteName(String location) {
    String s = location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
    String name = s.substring(s.lastIndexOf('/') + 1);
    if (name.isEmpty() || s.endsWith(":/")) {
      throw new UserInputException(location + ": cannot name a dataset after it");
    }
    return name;
  }

  static Location location(String uri) {
    try {
      Location l = new Location(uri);
      if (l.getUri().getHost() == null || l.getUri().getPort() < 0) {
        throw new UserInputException(uri + ": expected grpc://host:port");
      }
      return l;
    } catch (URISyntaxException e) {
      throw new UserInputException(uri + ": not a location (" + e.getMessage() + ")", e);
    }
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to: it closes the server itself
    }
  }

  private static void closeQuietly(ParquetFlightServer server) {
    try {
      server.close();
    } catch (Exception e) {
      org.slf4j.LoggerFactory.getLogger(ServeCommand.class).warn("closing the server: {}", e.toString());
    }
  }
}
