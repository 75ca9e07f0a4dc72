package org.parquetarrow.dataset;

import java.nio.file.Path;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.schema.ArrowReadOptions;

/**
 * How {@link DatasetDiscovery} finds files and builds the schema.
 *
 * <pre>{@code
 * DiscoveryOptions o = DiscoveryOptions.defaults()
 *     .withPartitionSchema(new Schema(List.of(Field.nullable("year", new ArrowType.Int(32, true)))))
 *     .withCorruptFiles(CorruptFilePolicy.SKIP);
 * }</pre>
 *
 * @param hivePartitioning whether {@code key=value} directories become columns
 * @param partitionSchema declared types of partition columns ({@code null}: infer all)
 * @param promotion how files' differing types unify
 * @param corruptFiles what to do with a file whose footer does not read
 * @param partitionBaseDir the root below which partition directories count, for explicit file
 *     lists ({@code null}: none, so files of a list get no partition columns)
 * @param readOptions how footers map to Arrow
 * @param decryption the keys of encrypted files ({@code null}: none); see {@link #withDecryption}
 * @param footerCache footers kept across discoveries ({@code null}: none); see {@link #withFooterCache}
 */
public record DiscoveryOptions(
    boolean hivePartitioning,
    Schema partitionSchema,
    TypePromotion promotion,
    CorruptFilePolicy corruptFiles,
    Path partitionBaseDir,
    ArrowReadOptions readOptions,
    FileDecryptionProperties decryption,
    FooterCache footerCache) {

  /** Options without a footer cache. */
  public DiscoveryOptions(boolean hivePartitioning, Schema partitionSchema, TypePromotion promotion,
      CorruptFilePolicy corruptFiles, Path partitionBaseDir, ArrowReadOptions readOptions,
      FileDecryptionProperties decryption) {
    this(hivePartitioning, partitionSchema, promotion, corruptFiles, partitionBaseDir, readOptions, decryption, null);
  }

  /**
   * What to do with a file that cannot be read during discovery. A file that cannot be decrypted
   * (its keys missing or wrong, or a module failing authentication) always fails discovery with a
   * {@link org.parquetarrow.ParquetCryptoException} naming it, whatever the policy: skipping it
   * would quietly drop every encrypted file of a dataset whose keys were forgotten.
   */
  public enum CorruptFilePolicy {
    /** Fail discovery with the file's name. */
    FAIL,
    /** Leave the file out and report it in {@link Dataset#skippedFiles()}. */
    SKIP
  }

  /** Hive partitioning inferred, permissive promotion, failing on corrupt files. */
  public static DiscoveryOptions defaults() {
    return new DiscoveryOptions(true, null, TypePromotion.PERMISSIVE, CorruptFilePolicy.FAIL, null, ArrowReadOptions.defaults(), null);
  }

  public DiscoveryOptions withHivePartitioning(boolean on) {
    return new DiscoveryOptions(on, partitionSchema, promotion, corruptFiles, partitionBaseDir, readOptions, decryption, footerCache);
  }

  public DiscoveryOptions withPartitionSchema(Schema schema) {
    return new DiscoveryOptions(hivePartitioning, schema, promotion, corruptFiles, partitionBaseDir, readOptions, decryption, footerCache);
  }

  public DiscoveryOptions withPromotion(TypePromotion p) {
    return new DiscoveryOptions(hivePartitioning, partitionSchema, p, corruptFiles, partitionBaseDir, readOptions, decryption, footerCache);
  }

  public DiscoveryOptions withCorruptFiles(CorruptFilePolicy policy) {
    return new DiscoveryOptions(hivePartitioning, partitionSchema, promotion, policy, partitionBaseDir, readOptions, decryption, footerCache);
  }

  public DiscoveryOptions withPartitionBaseDir(Path dir) {
    return new DiscoveryOptions(hivePartitioning, partitionSchema, promotion, corruptFiles, dir, readOptions, decryption, footerCache);
  }

  /**
   * The keys of encrypted files, given once here: footers are decrypted (or, for plaintext-footer
   * files, their signatures verified) with them at discovery, pruning uses the decrypted column
   * statistics, page indexes, bloom filters and dictionaries, and scans decrypt the data with
   * them. A column whose key is missing is not pruned, and fails only when a scan reads it.
   *
   * <pre>{@code
   * DiscoveryOptions o = DiscoveryOptions.defaults().withDecryption(FileDecryptionProperties.builder()
   *     .footerKey(footerKey).columnKey("name", nameKey).build());
   * }</pre>
   */
  public DiscoveryOptions withDecryption(FileDecryptionProperties keys) {
    // (a footer cache is not used while keys are set: the cached footer is tied to them)
    return new DiscoveryOptions(hivePartitioning, partitionSchema, promotion, corruptFiles, partitionBaseDir, readOptions, keys, footerCache);
  }

  /**
   * Footers kept across discoveries (of this dataset or others sharing the cache): a file whose
   * location, length and version are unchanged is not read again. Not used with {@link
   * #withDecryption keys}.
   *
   * <pre>{@code
   * DiscoveryOptions o = DiscoveryOptions.defaults().withFooterCache(new FooterCache(10_000));
   * }</pre>
   */
  public DiscoveryOptions withFooterCache(FooterCache cache) {
    return new DiscoveryOptions(hivePartitioning, partitionSchema, promotion, corruptFiles, partitionBaseDir, readOptions, decryption, cache);
  }
}
