package org.parquetarrow.flight;

import java.util.Set;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.expr.ExpressionParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns a failure into the Flight status a client sees, keeping the library's message. */
final class FlightErrors {
  private static final Logger LOG = LoggerFactory.getLogger(FlightErrors.class);

  /** Statuses a client's own request causes: logged as one line, without a stack trace. */
  private static final Set<FlightStatusCode> CLIENT_ERRORS = Set.of(FlightStatusCode.INVALID_ARGUMENT,
      FlightStatusCode.NOT_FOUND, FlightStatusCode.ALREADY_EXISTS, FlightStatusCode.UNAUTHENTICATED,
      FlightStatusCode.UNAUTHORIZED, FlightStatusCode.UNIMPLEMENTED, FlightStatusCode.CANCELLED,
      FlightStatusCode.RESOURCE_EXHAUSTED, FlightStatusCode.TIMED_OUT);

  private FlightErrors() {}

  /**
   * {@link #toFlight} and one log line: a client's mistake (a malformed filter, an unknown
   * dataset…) is logged at info without a stack trace, so hostile calls cannot flood the log; a
   * server-side failure is logged at warn with its cause. The server's paths in the description
   * become dataset names ({@link ClientPaths}).
   */
  static FlightRuntimeException reported(String call, ClientPaths paths, Throwable t) {
    FlightRuntimeException f = hidePaths(toFlight(t), paths);
    if (CLIENT_ERRORS.contains(f.status().code())) {
      LOG.info("{} refused: {} {}", call, f.status().code(), firstLine(f.getMessage()));
    } else {
      LOG.warn("{} failed: {} {}", call, f.status().code(), firstLine(f.getMessage()), t);
    }
    return f;
  }

  private static FlightRuntimeException hidePaths(FlightRuntimeException f, ClientPaths paths) {
    String description = f.status().description();
    String hidden = paths.hide(description);
    if (hidden == null || hidden.equals(description)) {
      return f;
    }
    return f.status().withDescription(hidden).toRuntimeException();
  }

  /** The first line of a message, at most 300 characters. */
  static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int nl = message.indexOf('\n');
    String line = nl < 0 ? message : message.substring(0, nl);
    return line.length() <= 300 ? line : line.substring(0, 300) + "…";
  }

  static FlightRuntimeException toFlight(Throwable t) {
    if (t instanceof FlightRuntimeException f) {
      return f;
    }
    CallStatus status;
    if (t instanceof ExpressionParseException) {
      status = CallStatus.INVALID_ARGUMENT.withDescription("malformed filter: " + t.getMessage());
    } else if (t instanceof ExpressionBindException) {
      status = CallStatus.INVALID_ARGUMENT.withDescription("the query does not fit the dataset: " + t.getMessage());
    } else if (t instanceof IllegalArgumentException || t instanceof UnsupportedFeatureException) {
      status = CallStatus.INVALID_ARGUMENT.withDescription(t.getMessage());
    } else if (t instanceof CorruptFileException) {
      status = CallStatus.INTERNAL.withDescription("corrupt file on the server: " + t.getMessage());
    } else if (t instanceof ParquetException) {
      status = CallStatus.INTERNAL.withDescription(t.getMessage());
    } else {
      status = CallStatus.INTERNAL.withDescription(t.getClass().getSimpleName() + ": " + t.getMessage());
    }
    return status.withCause(t).toRuntimeException();
  }
}
