package org.parquetarrow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.parquetarrow.flight.FlightDatasetClient;
import org.parquetarrow.flight.FlightQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code get grpc://h:p DATASET [--filter F] [--columns a,b] [--out FILE.arrow] [--parallel N]
 * [--token T]}: reads a served dataset over Arrow Flight, every endpoint from the server that holds
 * it ({@code N} at once), and writes the rows to an Arrow IPC file or reports how many there are.
 */
@Command(name = "get", mixinStandardHelpOptions = true,
    description = "Read a dataset from an Arrow Flight server (every endpoint, wherever it is served).")
final class GetCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "grpc://h:p", description = "The server to ask (grpc+tls:// for TLS).")
  String server;

  @Parameters(index = "1", paramLabel = "DATASET", description = "The dataset's name.")
  String dataset;

  @Option(names = "--filter", paramLabel = "SQL",
      description = "Row filter in SQL WHERE syntax, applied by the server.")
  String filter;

  @Option(names = "--columns", split = ",", paramLabel = "COL", description = "Columns to return (default all).")
  String[] columns;

  @Option(names = "--out", paramLabel = "FILE.arrow", description = "Write the rows to this Arrow IPC file.")
  Path out;

  @Option(names = "--parallel", defaultValue = "1", paramLabel = "N",
      description = "Endpoints read at once (default ${DEFAULT-VALUE}); batches then arrive in no particular order.")
  int parallel;

  @Option(names = "--token", paramLabel = "T", description = "Bearer token to send.")
  String token;

  @Option(names = "--tls-trust", paramLabel = "CERT.pem", description = "Trust these PEM certificates for TLS.")
  Path trusted;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (parallel < 1) {
      throw new UserInputException("--parallel must be at least 1, got " + parallel);
    }
    FlightQuery query = new FlightQuery(dataset, columns == null ? null : Arrays.asList(columns), filter);
    long[] batches = {0};
    long rows;
    int endpoints;
    try (BufferAllocator allocator = new RootAllocator();
        FlightDatasetClient client = FlightDatasetClient.builder(ServeCommand.location(server), allocator)
            .token(token).trustedCertificates(trusted).connect()) {
      FlightInfo info = info(client, query);
      endpoints = info.getEndpoints().size();
      if (out == null) {
        rows = read(client, info, root -> batches[0]++);
      } else {
        rows = write(client, info, allocator, batches);
      }
    }
    PrintWriter o = spec.commandLine().getOut();
    o.printf(Locale.ROOT, "%s %d rows in %d batches from %d endpoints%n", out == null ? "read" : "wrote", rows,
        batches[0], endpoints);
    if (out != null) {
      o.printf(Locale.ROOT, "to %s%n", out);
    }
    o.flush();
    return 0;
  }

  private long write(FlightDatasetClient client, FlightInfo info, BufferAllocator allocator, long[] batches)
      throws Exception {
    try (ArrowIpcOutput output = ArrowIpcOutput.open(out.toString());
        VectorSchemaRoot root = VectorSchemaRoot.create(info.getSchema(), allocator);
        ArrowWriter writer = output.writer(root, null)) {
      writer.start();
      long rows = read(client, info, batch -> {
        for (int i = 0; i < batch.getFieldVectors().size(); i++) {
          batch.getVector(i).makeTransferPair(root.getVector(i)).transfer();
        }
        root.setRowCount(batch.getRowCount());
        try {
          writer.writeBatch();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        batches[0]++;
      });
      writer.end();
      output.commit();
      return rows;
    } catch (IOException e) {
      throw ArrowIpcOutput.failure(out.toString(), e);
    } catch (UncheckedIOException e) {
      throw ArrowIpcOutput.failure(out.toString(), e.getCause());
    }
  }

  private FlightInfo info(FlightDatasetClient client, FlightQuery query) {
    try {
      return client.info(query);
    } catch (FlightRuntimeException e) {
      throw explained(e);
    }
  }

  private long read(FlightDatasetClient client, FlightInfo info,
      java.util.function.Consumer<VectorSchemaRoot> consumer) throws Exception {
    try {
      return client.read(info, parallel, consumer);
    } catch (FlightRuntimeException e) {
      throw explained(e);
    }
  }

  /** What the server said, as a one-line input problem unless the server itself failed. */
  private RuntimeException explained(FlightRuntimeException e) {
    FlightStatusCode code = e.status().code();
    String unreachable = code == FlightStatusCode.UNAVAILABLE ? whyUnreachable(e) : null;
    if (unreachable != null) {
      // gRPC's own words are "UNAVAILABLE: io exception", which say neither what nor why
      return new UserInputException(server + ": cannot reach the server: " + unreachable, e);
    }
    String message = server + ": " + code + ": " + e.status().description();
    if (code == FlightStatusCode.INTERNAL || code == FlightStatusCode.UNKNOWN) {
      return new IllegalStateException(message, e);
    }
    return new UserInputException(message, e);
  }

  /** The network's reason a connection was not made, from the cause chain; null when there is none. */
  static String whyUnreachable(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof java.net.ConnectException) {
        String m = c.getMessage() == null ? "" : c.getMessage().toLowerCase(Locale.ROOT);
        return m.contains("refused") ? "connection refused (is a server listening on that port?)"
            : m.contains("timed out") ? "the connection timed out" : "cannot connect";
      }
      if (c instanceof java.net.UnknownHostException || c instanceof java.nio.channels.UnresolvedAddressException) {
        return "the host name does not resolve";
      }
      if (c instanceof java.net.NoRouteToHostException) {
        return "no route to the host";
      }
      if (c instanceof javax.net.ssl.SSLException) {
        return "the TLS handshake failed (a plain grpc:// server asked with grpc+tls://, or an untrusted certificate?)";
      }
    }
    String description = e instanceof FlightRuntimeException f ? f.status().description() : null;
    return description != null && description.contains("unresolved address") ? "the host name does not resolve" : null;
  }
}
