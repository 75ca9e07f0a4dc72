package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.LocalStorage;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;

/**
 * The files and storages one command opened from location arguments (local paths, {@code
 * s3://bucket/key}, {@code http(s)://...}), with the requests they cost; closing it closes them.
 */
final class Locations implements AutoCloseable {
  private final StorageOptions options;
  private final Map<String, Storage> storages = new LinkedHashMap<>();
  private final List<InputFile> opened = new ArrayList<>();
  private final IoStatistics io = new IoStatistics();

  Locations(StorageOptions options) {
    this.options = options;
  }

  static boolean isRemote(String location) {
    return !Storage.isLocal(location);
  }

  /** The storage of {@code location}'s scheme, made once per command. */
  Storage storage(String location) {
    if (!isRemote(location)) {
      return LocalStorage.instance();
    }
    String scheme = location.substring(0, location.indexOf(':')).toLowerCase(java.util.Locale.ROOT);
    Storage s = storages.get(scheme);
    if (s == null) {
      try {
        s = Storage.forLocation(location, options);
      } catch (IllegalArgumentException e) {
        throw new UserInputException(e.getMessage(), e);
      }
      storages.put(scheme, s);
    }
    return s;
  }

  /** Opens a file, closed with this; a local file that is not there is an input error. */
  InputFile open(String location) {
    InputFile in;
    if (!isRemote(location)) {
      in = OpenedParquet.openFile(LocalStorage.path(location));
    } else {
      try {
        in = storage(location).open(location, io);
      } catch (IllegalArgumentException e) {
        throw new UserInputException(location + ": " + e.getMessage(), e);
      } catch (IOException e) {
        throw new UserInputException(location + ": cannot open: " + e.getMessage(), e);
      }
    }
    opened.add(in);
    return in;
  }

  /** Requests and bytes of the remote files opened here. */
  IoStatistics io() {
    return io;
  }

  /** Whether {@code location} is a local path that exists (a remote one is asked only when opened). */
  static boolean localMissing(String location) {
    return !isRemote(location) && !Files.exists(LocalStorage.path(location));
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    for (InputFile in : opened) {
      try {
        in.close();
      } catch (IOException | RuntimeException e) {
        failure = failure == null ? new java.io.UncheckedIOException(new IOException("cannot close " + in.name(), e)) : failure;
      }
    }
    for (Storage s : storages.values()) {
      try {
        s.close();
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
