package org.parquetarrow.flight;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.ActionType;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightProducer;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link FlightProducer} serving named Parquet datasets: {@code getFlightInfo} gives one endpoint
 * per file (across this server and its peers), {@code getStream} streams a split with back-pressure,
 * {@code acceptPut} stores an upload as a new file, and the actions {@code refresh}, {@code
 * describe} and {@code list-splits} manage and inspect datasets. Built and run by {@link
 * ParquetFlightServer}.
 */
final class ParquetFlightProducer implements FlightProducer, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ParquetFlightProducer.class);
  private static final AtomicInteger STREAM_THREADS = new AtomicInteger();

  /** The body every action takes (see {@link FlightQuery#fromActionBody}). */
  private static final String BODY = " The body is a query's JSON {\"dataset\":\"events\",…} or a bare dataset name"
      + " (UTF-8)";

  static final List<ActionType> ACTIONS = List.of(
      new ActionType("refresh", "Rediscover the files of a dataset, or of every dataset when the body is empty;"
          + " answers JSON {\"dataset\":…,\"files\":n} per dataset ({\"dataset\":…,\"error\":…} for one that"
          + " failed)." + BODY + "."),
      new ActionType("describe", "A JSON summary of a dataset: root, schema, files, row and byte counts." + BODY
          + "; only the dataset counts."),
      new ActionType(PeerSplits.ACTION, "The splits of this server's own files, one serialized FlightInfo per"
          + " dataset, for a query or every dataset when the body is empty. Used by peers." + BODY + "."));

  private final DatasetCatalog catalog;
  private final BufferAllocator allocator;
  private final PeerSplits peers;
  private final SplitStreamer streamer;
  private final UploadWriter uploads;
  private final ExecutorService streams;
  private final ServerSettings settings;
  private final ClientPaths paths;
  private final UploadGate uploadGate;
  /** Runs the idle checks of uploads. */
  private final ScheduledExecutorService timer;

  ParquetFlightProducer(DatasetCatalog catalog, BufferAllocator allocator, PeerSplits peers, ServerSettings settings) {
    this.streams = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "parquet-arrow-flight-stream-" + STREAM_THREADS.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    this.catalog = catalog;
    this.settings = settings;
    this.allocator = allocator;
    this.peers = peers;
    this.streamer = new SplitStreamer(settings);
    this.uploads = new UploadWriter(catalog, settings.writerProperties());
    this.paths = ClientPaths.of(catalog.localRoots());
    this.uploadGate = new UploadGate(settings.uploadLimits());
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "parquet-arrow-flight-upload-watchdog");
      t.setDaemon(true);
      return t;
    });
  }

  @Override
  public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
    try {
      FlightQuery query = FlightQuery.fromDescriptor(descriptor);
      if (peers.isEmpty()) {
        return localInfo(query);
      }
      Map<String, SplitMerger> merged = SplitMerger.newMap();
      if (catalog.contains(query.dataset())) {
        SplitMerger.byDataset(merged, List.of(localInfo(query)), null);
      }
      for (PeerSplits.PeerInfos p : peers.fetch(query)) {
        SplitMerger.byDataset(merged, p.infos(), p.peer());
      }
      SplitMerger m = merged.get(query.dataset());
      if (m == null) {
        throw CallStatus.NOT_FOUND.withDescription("no dataset named '" + query.dataset()
            + "' on this server or its peers").toRuntimeException();
      }
      return m.result();
    } catch (RuntimeException e) {
      throw FlightErrors.reported("getFlightInfo", paths, e);
    }
  }

  @Override
  public SchemaResult getSchema(CallContext context, FlightDescriptor descriptor) {
    return new SchemaResult(getFlightInfo(context, descriptor).getSchema());
  }

  private FlightInfo localInfo(FlightQuery query) {
    return LocalSplits.info(catalog.get(query.dataset()), query, settings.splitRows(), allocator);
  }

  @Override
  public void listFlights(CallContext context, Criteria criteria, StreamListener<FlightInfo> listener) {
    try {
      Map<String, SplitMerger> merged = SplitMerger.newMap();
      SplitMerger.byDataset(merged, everyLocalSplit(), null);
      if (!peers.isEmpty()) {
        for (PeerSplits.PeerInfos p : peers.fetch(null)) {
          SplitMerger.byDataset(merged, p.infos(), p.peer());
        }
      }
      for (SplitMerger m : merged.values()) {
        listener.onNext(m.result());
      }
      listener.onCompleted();
    } catch (RuntimeException e) {
      listener.onError(FlightErrors.reported("listFlights", paths, e));
    }
  }

  /** Checks the ticket, then streams on a thread of its own (see {@link SplitStreamer} for why). */
  @Override
  public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
    SplitTicket split;
    ServedDataset served;
    try {
      split = SplitTicket.fromTicket(ticket);
      served = catalog.get(split.query().dataset());
    } catch (RuntimeException e) {
      listener.error(FlightErrors.reported("getStream", paths, e));
      return;
    }
    try {
      streams.execute(() -> {
        try {
          streamer.stream(served, split, listener, allocator);
        } catch (RuntimeException | Error e) {
          if (!listener.isCancelled()) {
            listener.error(FlightErrors.reported("getStream", paths, e));
          }
        }
      });
    } catch (RejectedExecutionException e) {
      listener.error(CallStatus.UNAVAILABLE.withDescription("the server is shutting down").toRuntimeException());
    }
  }

  /**
   * Stores an upload within the {@link UploadLimits}: refused at once when every upload slot is
   * taken, ended when its client sends nothing for the idle timeout; whatever way it ends, its
   * slot, memory reservation and staging file go with it.
   */
  @Override
  public Runnable acceptPut(CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
    return () -> {
      IdleWatchdog watchdog = null;
      boolean stored = false;
      try {
        try (UploadGate.Permit permit = uploadGate.enter()) {
          watchdog = new IdleWatchdog(timer, settings.uploadLimits().idleTimeout().toMillis(), context::isCancelled);
          uploads.accept(flightStream, permit, watchdog);
        }
        stored = true;
      } catch (RuntimeException | OutOfMemoryError e) {
        ackStream.onError(FlightErrors.reported("doPut", paths, uploadFailure(e, watchdog, context)));
      } finally {
        if (watchdog != null) {
          watchdog.close();
        }
      }
      // only once the slot and the memory reservation are given back: a client told "stored" may
      // start its next upload at once and must find them free (it raced and was refused before)
      if (stored) {
        ackStream.onCompleted();
      }
    };
  }

  /** What an upload's failure tells the client: idleness and memory have statuses of their own. */
  private RuntimeException uploadFailure(Throwable e, IdleWatchdog watchdog, CallContext context) {
    if (watchdog != null && watchdog.fired() && context.isCancelled()) {
      return CallStatus.CANCELLED.withDescription("the client left mid-upload; nothing of it was stored")
          .toRuntimeException();
    }
    if (watchdog != null && watchdog.fired()) {
      return CallStatus.TIMED_OUT.withDescription("the upload sent nothing for "
          + settings.uploadLimits().idleTimeout().toSeconds() + " s and was ended; nothing of it was stored")
          .toRuntimeException();
    }
    if (e instanceof OutOfMemoryError) {
      // the writer was aborted and its buffers are garbage: the server goes on
      return CallStatus.RESOURCE_EXHAUSTED.withDescription("the server ran out of memory for this upload; nothing"
          + " of it was stored").toRuntimeException();
    }
    return (RuntimeException) e;
  }

  @Override
  public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
    try {
      String type = action.getType();
      // one body format for every action: parsed once, after the action is known to exist
      FlightQuery query = ACTIONS.stream().anyMatch(a -> a.getType().equals(type))
          ? FlightQuery.fromActionBody(type, action.getBody())
          : null;
      switch (type) {
        case "refresh" -> {
          if (query != null) {
            listener.onNext(refreshed(catalog.refresh(query.dataset())));
          } else {
            // every dataset is refreshed and answered on its own: one failure does not stop the rest
            for (String name : catalog.names()) {
              try {
                listener.onNext(refreshed(catalog.refresh(name)));
              } catch (RuntimeException e) {
                ObjectNode o = FlightQuery.JSON.createObjectNode();
                o.put("dataset", name);
                o.put("error", FlightErrors.firstLine(paths.hide(FlightErrors.toFlight(e).getMessage())));
                LOG.warn("dataset {} not refreshed: {}", name, o.get("error").asText());
                listener.onNext(new Result(FlightQuery.JSON.writeValueAsBytes(o)));
              }
            }
          }
        }
        case "describe" -> {
          if (query == null) {
            throw CallStatus.INVALID_ARGUMENT.withDescription(
                "describe needs a dataset as its body: {\"dataset\":\"events\"} or the bare name").toRuntimeException();
          }
          listener.onNext(new Result(FlightQuery.JSON.writeValueAsBytes(DatasetDescription.of(catalog.get(query.dataset())))));
        }
        case PeerSplits.ACTION -> {
          for (FlightInfo info : localSplits(query)) {
            ByteBuffer b = info.serialize();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            listener.onNext(new Result(bytes));
          }
        }
        default -> throw CallStatus.UNIMPLEMENTED.withDescription("unknown action '" + action.getType()
            + "'; this server offers " + ACTIONS.stream().map(ActionType::getType).toList()).toRuntimeException();
      }
      listener.onCompleted();
    } catch (IOException e) {
      listener.onError(FlightErrors.reported("doAction", paths,
          CallStatus.INTERNAL.withDescription(e.getMessage()).withCause(e).toRuntimeException()));
    } catch (RuntimeException e) {
      listener.onError(FlightErrors.reported("doAction", paths, e));
    }
  }

  private static Result refreshed(ServedDataset d) throws IOException {
    ObjectNode o = FlightQuery.JSON.createObjectNode();
    o.put("dataset", d.name());
    o.put("files", d.files().size());
    return new Result(FlightQuery.JSON.writeValueAsBytes(o));
  }

  /** This server's own splits of a query (none when it does not serve the dataset), or of every dataset ({@code null}). */
  private List<FlightInfo> localSplits(FlightQuery q) {
    List<FlightInfo> out = new ArrayList<>();
    if (q == null) {
      out.addAll(everyLocalSplit());
    } else {
      if (catalog.contains(q.dataset())) {
        out.add(localInfo(q));
      }
    }
    return out;
  }

  /**
   * The splits of every available dataset this server holds. A dataset that fails (a file deleted
   * or corrupted since discovery) is left out with a log line: one bad dataset must not hide the
   * others; a call naming it gets its error.
   */
  private List<FlightInfo> everyLocalSplit() {
    List<FlightInfo> out = new ArrayList<>();
    for (ServedDataset d : catalog.all()) {
      try {
        out.add(LocalSplits.info(d, FlightQuery.of(d.name()), settings.splitRows(), allocator));
      } catch (RuntimeException e) {
        LOG.warn("dataset {} left out of the listing: {}", d.name(), FlightErrors.firstLine(e.getMessage()));
      }
    }
    return out;
  }

  @Override
  public void listActions(CallContext context, StreamListener<ActionType> listener) {
    ACTIONS.forEach(listener::onNext);
    listener.onCompleted();
  }

  /** Stops the streams still running (the server has stopped taking calls) and closes the peer clients. */
  @Override
  public void close() throws Exception {
    timer.shutdownNow();
    streams.shutdown();
    if (!streams.awaitTermination(5, TimeUnit.SECONDS)) {
      streams.shutdownNow();
      streams.awaitTermination(5, TimeUnit.SECONDS);
    }
    peers.close();
  }
}
