package org.parquetarrow.flight;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Hides the server's own paths from what clients are told: a served root (as given, absolute, or
 * resolved through symlinks) in a message becomes the dataset's name, so an error names {@code
 * events/year=2024/part-0.parquet}, never {@code /srv/data/events/year=2024/part-0.parquet}.
 */
final class ClientPaths {
  /** A root's spelling in messages and the dataset name shown instead. */
  private record Spelling(String path, String name) {}

  private final List<Spelling> spellings;

  private ClientPaths(List<Spelling> spellings) {
    this.spellings = spellings;
  }

  /** For the local roots by dataset name. */
  static ClientPaths of(Map<String, Path> roots) {
    List<Spelling> out = new ArrayList<>();
    for (var e : roots.entrySet()) {
      Path root = e.getValue();
      out.add(new Spelling(root.toString(), e.getKey()));
      out.add(new Spelling(root.toAbsolutePath().normalize().toString(), e.getKey()));
      try {
        out.add(new Spelling(root.toRealPath().toString(), e.getKey()));
      } catch (IOException missing) {
        // a root that does not exist is not in any message about its files either
      }
    }
    // the longest first: a root inside another root is replaced before its parent
    out.sort(Comparator.comparingInt((Spelling s) -> s.path().length()).reversed());
    return new ClientPaths(out);
  }

  /** {@code message} with every served root replaced by its dataset's name. */
  String hide(String message) {
    if (message == null) {
      return null;
    }
    String out = message;
    for (Spelling s : spellings) {
      if (s.path().length() > 1) {
        out = out.replace(s.path(), s.name());
      }
    }
    return out;
  }
}
