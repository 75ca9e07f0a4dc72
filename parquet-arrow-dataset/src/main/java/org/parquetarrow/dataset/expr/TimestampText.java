package org.parquetarrow.dataset.expr;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A date or timestamp as written in a filter, read the way DuckDB casts text: {@code yyyy-mm-dd},
 * optionally a space or {@code T} and {@code hh:mm[:ss[.fraction]]}, optionally a zone: {@code Z},
 * an offset ({@code +02}, {@code +02:00}, {@code -0530}) or a region ({@code Europe/Oslo}).
 * Digits past nanoseconds are dropped, as DuckDB drops those past its precision.
 *
 * @param local the date and time as written
 * @param zone the zone written after it, or {@code null}
 */
record TimestampText(LocalDateTime local, ZoneId zone) {
  private static final Pattern FORM = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2})(?:[T ](\\d{2}:\\d{2})(?::(\\d{2})(?:\\.(\\d+))?)?\\s*(Z|[+-]\\d{2}(?::?\\d{2})?|[A-Za-z][A-Za-z0-9_/+-]*)?)?");

  /** @throws DateTimeParseException when {@code text} is none of the forms above */
  static TimestampText parse(String text) {
    String v = text.strip();
    Matcher m = FORM.matcher(v);
    if (!m.matches()) {
      throw new DateTimeParseException("not a date or timestamp", v, 0);
    }
    try {
      LocalDate date = LocalDate.parse(m.group(1));
      if (m.group(2) == null) {
        return new TimestampText(date.atStartOfDay(), null);
      }
      LocalTime time = LocalTime.parse(m.group(2)).withSecond(m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
      String fraction = m.group(4);
      if (fraction != null) {
        String nine = (fraction + "000000000").substring(0, 9);
        time = time.withNano(Integer.parseInt(nine));
      }
      return new TimestampText(date.atTime(time), zone(m.group(5)));
    } catch (DateTimeParseException e) {
      throw e;
    } catch (DateTimeException e) {
      throw new DateTimeParseException(e.getMessage(), v, 0, e);
    }
  }

  private static ZoneId zone(String z) {
    if (z == null) {
      return null;
    }
    if (z.equals("Z")) {
      return ZoneOffset.UTC;
    }
    if (z.charAt(0) == '+' || z.charAt(0) == '-') {
      String digits = z.replace(":", "");
      int hours = Integer.parseInt(digits.substring(1, 3));
      int minutes = digits.length() > 3 ? Integer.parseInt(digits.substring(3, 5)) : 0;
      int sign = z.charAt(0) == '-' ? -1 : 1;
      return ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
    }
    return ZoneId.of(z);
  }

  /** The UTC time of the instant written; without a zone the text is taken as UTC already. */
  LocalDateTime utc() {
    return zone == null ? local : local.atZone(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
  }

  /** {@code t} to whole microseconds, earlier in time: what DuckDB's TIMESTAMP keeps of it. */
  static LocalDateTime micros(LocalDateTime t) {
    return t.truncatedTo(ChronoUnit.MICROS);
  }
}
