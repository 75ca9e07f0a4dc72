package org.parquetarrow.io;

import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Resolution of location strings to storages (behind {@link Storage#forLocation}). */
final class Storages {
  // "scheme://" for stores; "file:" alone for local URIs ("file:/x", "file:///x"). A name such as
  // "C:\x" or "notes:2024.parquet" stays a path.
  private static final Pattern SCHEME = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*)://");

  private Storages() {}

  /** The lower-case scheme of {@code location}, or {@code null} for a plain path. */
  static String scheme(String location) {
    Matcher m = SCHEME.matcher(location);
    if (m.find()) {
      return m.group(1).toLowerCase(Locale.ROOT);
    }
    return location.regionMatches(true, 0, "file:", 0, 5) ? "file" : null;
  }

  static Storage forLocation(String location, StorageOptions options) {
    java.util.Objects.requireNonNull(location, "location");
    java.util.Objects.requireNonNull(options, "options");
    String scheme = scheme(location);
    if (scheme == null || scheme.equals("file")) {
      return LocalStorage.instance();
    }
    if (scheme.equals("http") || scheme.equals("https")) {
      return new HttpStorage(options.readOptions());
    }
    TreeSet<String> known = new TreeSet<>(java.util.List.of("file", "http", "https"));
    for (StorageProvider p : ServiceLoader.load(StorageProvider.class, Storages.class.getClassLoader())) {
      if (p.schemes().contains(scheme)) {
        return p.create(options);
      }
      known.addAll(p.schemes());
    }
    throw new IllegalArgumentException("no storage for the scheme \"" + scheme + "\" of " + location
        + " (served: " + String.join(", ", known) + (known.contains("s3") ? "" : "; s3:// needs parquet-arrow-s3 on the class path")
        + ")");
  }
}
