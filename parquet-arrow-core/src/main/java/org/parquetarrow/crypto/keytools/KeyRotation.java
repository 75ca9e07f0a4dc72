package org.parquetarrow.crypto.keytools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.parquetarrow.ParquetCryptoException;

/**
 * Master key rotation for files with external key material, as parquet-java's {@code
 * KeyToolkit.rotateMasterKeys}: every data key of every file in a folder is unwrapped with the
 * current master keys and wrapped again with their new versions (with new key-encryption keys
 * under double wrapping), and each key-material file is replaced; the data files themselves are
 * not touched. The KMS decides what "new version" means: {@link InMemoryKms} wraps with {@code
 * parquet.encryption.new.key.list} and unwraps with {@code parquet.encryption.key.list}.
 *
 * <pre>{@code
 * PropertiesDrivenCryptoFactory kms = PropertiesDrivenCryptoFactory.load(Path.of("rotate.properties"));
 * int files = KeyRotation.rotateMasterKeys(Path.of("/warehouse/table"), kms);
 * }</pre>
 */
public final class KeyRotation {
  private KeyRotation() {}

  /**
   * Rotates the master keys of every data file in {@code folder} (not its subfolders) that has a
   * key-material file.
   *
   * @return how many data files had their key material rewrapped
   * @throws ParquetCryptoException if the folder holds no external key material (key material
   *     stored inside files cannot be rotated without rewriting them), or a key cannot be
   *     unwrapped or wrapped; files before the failing one stay rotated, the rest untouched
   */
  public static int rotateMasterKeys(Path folder, PropertiesDrivenCryptoFactory factory) {
    List<Path> dataFiles = dataFilesWithMaterial(folder);
    if (dataFiles.isEmpty()) {
      throw new ParquetCryptoException("no external key material in " + folder + ": only files written with "
          + PropertiesDrivenCryptoFactory.KEY_MATERIAL_INTERNAL + "=false have master keys that can be rotated");
    }
    ExpiringCache<String, FileKeyWrapper.Kek> newKeks = factory.freshKekCache();
    for (Path dataFile : dataFiles) {
      FileKeyUnwrapper unwrapper = new FileKeyUnwrapper(factory, dataFile.toString());
      Map<String, String> rotated = new LinkedHashMap<>();
      FileKeyWrapper wrapper = factory.writer(null, newKeks);
      for (Map.Entry<String, String> e : KeyMaterialFile.read(dataFile).entrySet()) {
        String where = "key material '" + e.getKey() + "' of " + KeyMaterialFile.pathFor(dataFile);
        KeyMaterial old = KeyMaterial.parse(e.getValue(), where);
        byte[] dataKey = unwrapper.unwrap(old, where);
        KeyMaterial renewed = wrapper.wrap(dataKey, old.masterKeyId(), old.footerKey());
        if (old.footerKey()) {
          // keep the KMS instance the file was written for
          renewed = new KeyMaterial(true, old.kmsInstanceId(), old.kmsInstanceUrl(), renewed.masterKeyId(),
              renewed.doubleWrapping(), renewed.kekId(), renewed.wrappedKek(), renewed.wrappedDek());
        }
        rotated.put(e.getKey(), renewed.toJson(false));
      }
      KeyMaterialFile.write(dataFile, rotated);
    }
    return dataFiles.size();
  }

  private static List<Path> dataFilesWithMaterial(Path folder) {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(folder)) {
      s.sorted().forEach(p -> {
        String name = p.getFileName().toString();
        if (!name.startsWith("_") && !name.startsWith(".") && Files.isRegularFile(p)
            && Files.exists(KeyMaterialFile.pathFor(p))) {
          out.add(p);
        }
      });
    } catch (IOException e) {
      throw new ParquetCryptoException("cannot list " + folder + ": " + e.getMessage(), e);
    }
    return out;
  }
}
