package org.parquetarrow.format;

/**
 * The writer of a file, parsed from the footer's {@code created_by}, so that reader workarounds for
 * known bugs of old writers can be keyed on application and version.
 *
 * <p>The accepted shapes are those of parquet-java's {@code VersionParser}, which Arrow C++
 * follows: {@code "<application>"}, {@code "<application> version <version>"} and {@code
 * "<application> version <version> (build <build>)"}, where the version is {@code
 * major[.minor[.patch]]} optionally followed by free text ({@link #unknown()}), {@code
 * -<pre-release>} and {@code +<build info>}. Parsing never fails: parts that do not parse keep
 * their defaults (numbers 0, text empty), and a missing {@code created_by} gives application {@code
 * "unknown"}.
 *
 * <pre>{@code
 * WriterVersion w = WriterVersion.parse(footer.metadata().createdBy());
 * // "parquet-mr version 1.12.0-SNAPSHOT (build 6901a20)"
 * //   -> parquet-mr 1.12.0, pre-release SNAPSHOT, build 6901a20
 * if (w.isBefore("parquet-mr", 1, 2, 9)) { ... PARQUET-816 padding ... }
 * }</pre>
 *
 * @param application the writer's name, e.g. {@code parquet-mr}, {@code parquet-cpp-arrow}
 * @param major major version, 0 when absent
 * @param minor minor version, 0 when absent
 * @param patch patch version, 0 when absent
 * @param unknown text between the patch number and {@code -} or {@code +}, e.g. {@code ab} in
 *     {@code 1.5.0ab}
 * @param preRelease text after {@code -}, e.g. {@code SNAPSHOT}
 * @param buildInfo text after {@code +}
 * @param build the build name inside {@code (build ...)}
 */
public record WriterVersion(
    String application,
    int major,
    int minor,
    int patch,
    String unknown,
    String preRelease,
    String buildInfo,
    String build) {

  /** The writer of a file without {@code created_by}. */
  public static final WriterVersion UNKNOWN = new WriterVersion("unknown", 0, 0, 0, "", "", "", "");

  private static final String VERSION_MARK = " version ";
  private static final String BUILD_MARK = " (build ";

  /**
   * The last {@code created_by} parsed and its result: statistics and dictionary checks ask per
   * column chunk, nearly always for the same few writers, so most calls are one string compare.
   */
  private record Parsed(String createdBy, WriterVersion version) {}

  private static volatile Parsed last = new Parsed("", parseUncached(""));

  /** Parses a footer's {@code created_by}; {@code null} gives {@link #UNKNOWN}. */
  public static WriterVersion parse(String createdBy) {
    if (createdBy == null) {
      return UNKNOWN;
    }
    Parsed p = last;
    if (p.createdBy().equals(createdBy)) {
      return p.version();
    }
    WriterVersion v = parseUncached(createdBy);
    last = new Parsed(createdBy, v);
    return v;
  }

  private static WriterVersion parseUncached(String createdBy) {
    int mark = createdBy.indexOf(VERSION_MARK);
    String application = (mark < 0 ? createdBy : createdBy.substring(0, mark)).strip();
    if (mark < 0) {
      return new WriterVersion(application, 0, 0, 0, "", "", "", "");
    }
    int versionStart = mark + VERSION_MARK.length();
    int versionEnd = createdBy.indexOf(" (", versionStart);
    if (versionEnd < 0) {
      versionEnd = createdBy.length();
    }
    String version = createdBy.substring(versionStart, versionEnd).strip();
    String build = "";
    int buildMark = createdBy.indexOf(BUILD_MARK, versionEnd);
    if (buildMark >= 0) {
      int buildEnd = createdBy.indexOf(')', buildMark + BUILD_MARK.length());
      if (buildEnd >= 0) {
        build = createdBy.substring(buildMark + BUILD_MARK.length(), buildEnd).strip();
      }
    }
    return new SemverScanner(application, version, build).scan();
  }

  /**
   * Whether this writer is {@code application} at a version below {@code major.minor.patch}.
   * Another application is never "before"; pre-release and build text are ignored (so {@code
   * 1.2.9-SNAPSHOT} is not before {@code 1.2.9}), as in Arrow C++.
   */
  public boolean isBefore(String application, int major, int minor, int patch) {
    if (!this.application.equals(application)) {
      return false;
    }
    if (this.major != major) {
      return this.major < major;
    }
    if (this.minor != minor) {
      return this.minor < minor;
    }
    return this.patch < patch;
  }

  /**
   * Reads {@code major[.minor[.patch]][unknown][-pre][+build]} left to right. A part that breaks
   * the shape stops the scan and leaves the parts after it at their defaults.
   */
  private static final class SemverScanner {
    private final String application;
    private final String text;
    private final String build;
    private int pos;
    private final int[] numbers = new int[3];

    SemverScanner(String application, String text, String build) {
      this.application = application;
      this.text = text;
      this.build = build;
    }

    WriterVersion scan() {
      for (int part = 0; part < 3; part++) {
        int start = pos;
        while (pos < text.length() && isDigit(text.charAt(pos))) {
          pos++;
        }
        if (pos == start) {
          return result("", "", "");
        }
        numbers[part] = saturatedInt(text, start, pos);
        boolean last = part == 2;
        if (pos == text.length()) {
          return result("", "", "");
        }
        if (!last) {
          if (text.charAt(pos) != '.') {
            return result("", "", "");
          }
          pos++;
        }
      }
      int unknownEnd = indexOfAny(text, pos, "-+");
      String unknown = text.substring(pos, unknownEnd);
      pos = unknownEnd;
      String preRelease = "";
      if (pos < text.length() && text.charAt(pos) == '-') {
        int end = text.indexOf('+', pos + 1);
        end = end < 0 ? text.length() : end;
        preRelease = text.substring(pos + 1, end);
        pos = end;
      }
      String buildInfo = pos < text.length() ? text.substring(pos + 1) : "";
      return result(unknown, preRelease, buildInfo);
    }

    private WriterVersion result(String unknown, String preRelease, String buildInfo) {
      return new WriterVersion(
          application, numbers[0], numbers[1], numbers[2], unknown, preRelease, buildInfo, build);
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    /** The decimal number in {@code s[from, to)}, capped at {@link Integer#MAX_VALUE}. */
    private static int saturatedInt(String s, int from, int to) {
      long v = 0;
      for (int i = from; i < to; i++) {
        v = Math.min(Integer.MAX_VALUE, v * 10 + (s.charAt(i) - '0'));
      }
      return (int) v;
    }

    private static int indexOfAny(String s, int from, String chars) {
      for (int i = from; i < s.length(); i++) {
        if (chars.indexOf(s.charAt(i)) >= 0) {
          return i;
        }
      }
      return s.length();
    }
  }
}
