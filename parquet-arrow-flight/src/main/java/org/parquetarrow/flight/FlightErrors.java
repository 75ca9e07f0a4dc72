package org.parquetarrow.flight;

import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.expr.ExpressionParseException;

/** Turns a failure into the Flight status a client sees, keeping the library's message. */
final class FlightErrors {
  private FlightErrors() {}

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
