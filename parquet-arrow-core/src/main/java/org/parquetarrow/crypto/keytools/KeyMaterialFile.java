package org.parquetarrow.crypto.keytools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.parquetarrow.ParquetCryptoException;

/**
 * External key material as parquet-java stores it: a JSON object beside the data file, named
 * {@code _KEY_MATERIAL_FOR_<data file name>.json}, mapping each key reference ({@code footerKey},
 * {@code columnKey0}, {@code columnKey1}, …) to its key material, itself JSON in a string. Copy or
 * move it together with its data file: without it the file cannot be decrypted.
 *
 * <pre>{@code
 * Path material = KeyMaterialFile.pathFor(Path.of("/data/part-0.parquet"));
 * // /data/_KEY_MATERIAL_FOR_part-0.parquet.json
 * }</pre>
 */
public final class KeyMaterialFile {
  /** Prefix of key-material file names. */
  public static final String PREFIX = "_KEY_MATERIAL_FOR_";
  /** Suffix of key-material file names. */
  public static final String SUFFIX = ".json";
  private static final String TEMP_PREFIX = "_TMP";

  private KeyMaterialFile() {}

  /** Where the key material of {@code dataFile} lies. */
  public static Path pathFor(Path dataFile) {
    return dataFile.resolveSibling(PREFIX + dataFile.getFileName() + SUFFIX);
  }

  /**
   * The key material of {@code dataFile}, by key reference.
   *
   * @throws ParquetCryptoException if the file is missing, unreadable or not a key-material file
   */
  static Map<String, String> read(Path dataFile) {
    Path path = pathFor(dataFile);
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ParquetCryptoException("the external key material of " + dataFile + " is missing: no file " + path, e);
    } catch (IOException e) {
      throw new ParquetCryptoException("cannot read the key material file " + path + ": " + e.getMessage(), e);
    }
    Map<String, Object> members;
    try {
      members = FlatJson.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ParquetCryptoException("the key material file " + path + " is " + e.getMessage(), e);
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> m : members.entrySet()) {
      if (!(m.getValue() instanceof String s)) {
        throw new ParquetCryptoException("the key material file " + path + " holds no material string under '"
            + m.getKey() + "'");
      }
      out.put(m.getKey(), s);
    }
    return out;
  }

  /**
   * Writes the key material of {@code dataFile}: to a temporary file beside it first, then moved
   * into place, so readers never see half a file and a failed write leaves the old material.
   */
  static void write(Path dataFile, Map<String, String> material) {
    Path path = pathFor(dataFile);
    Path temp = dataFile.resolveSibling(TEMP_PREFIX + PREFIX + dataFile.getFileName() + SUFFIX);
    try {
      Files.writeString(temp, FlatJson.write(material), StandardCharsets.UTF_8);
      try {
        Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new ParquetCryptoException("cannot write the key material file " + path + ": " + e.getMessage(), e);
    }
  }
}
