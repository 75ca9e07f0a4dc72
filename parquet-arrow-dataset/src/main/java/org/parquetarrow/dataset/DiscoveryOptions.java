package org.parquetarrow.dataset;

import java.nio.file.Path;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.schema.ArrowReadOptions;

/**
 * How {@link DatasetDiscovery} finds files and builds the schema. Immutable; build one with
 * {@link #builder()} (or change one with {@link #toBuilder()}).
 *
 * <pre>{@code
 * DiscoveryOptions o = DiscoveryOptions.builder()
 *     .partitionSchema(new Schema(List.of(Field.nullable("year", new ArrowType.Int(32, true)))))
 *     .corruptFiles(CorruptFilePolicy.SKIP)
 *     .build();
 * }</pre>
 */
public final class DiscoveryOptions {
  private static final DiscoveryOptions DEFAULTS = builder().build();

  private final boolean hivePartitioning;
  private final Schema partitionSchema;
  private final TypePromotion promotion;
  private final CorruptFilePolicy corruptFiles;
  private final Path partitionBaseDir;
  private final ArrowReadOptions readOptions;
  private final FileDecryptionProperties decryption;
  private final FooterCache footerCache;

  private DiscoveryOptions(Builder b) {
    this.hivePartitioning = b.hivePartitioning;
    this.partitionSchema = b.partitionSchema;
    this.promotion = b.promotion;
    this.corruptFiles = b.corruptFiles;
    this.partitionBaseDir = b.partitionBaseDir;
    this.readOptions = b.readOptions;
    this.decryption = b.decryption;
    this.footerCache = b.footerCache;
  }

  /**
   * Options with every setting given.
   *
   * @deprecated use {@link #builder()}
   */
  @Deprecated
  public DiscoveryOptions(boolean hivePartitioning, Schema partitionSchema, TypePromotion promotion,
      CorruptFilePolicy corruptFiles, Path partitionBaseDir, ArrowReadOptions readOptions,
      FileDecryptionProperties decryption, FooterCache footerCache) {
    this(builder().hivePartitioning(hivePartitioning).partitionSchema(partitionSchema).promotion(promotion)
        .corruptFiles(corruptFiles).partitionBaseDir(partitionBaseDir).readOptions(readOptions)
        .decryption(decryption).footerCache(footerCache));
  }

  /**
   * Options without a footer cache.
   *
   * @deprecated use {@link #builder()}
   */
  @Deprecated
  public DiscoveryOptions(boolean hivePartitioning, Schema partitionSchema, TypePromotion promotion,
      CorruptFilePolicy corruptFiles, Path partitionBaseDir, ArrowReadOptions readOptions,
      FileDecryptionProperties decryption) {
    this(hivePartitioning, partitionSchema, promotion, corruptFiles, partitionBaseDir, readOptions, decryption, null);
  }

  /**
   * What to do with a file that cannot be read: at discovery, one whose footer does not read
   * ({@link DiscoveryOptions#corruptFiles()}); in a scan, one whose pages turn out to be corrupt
   * ({@link org.parquetarrow.dataset.scan.ScanOptions#corruptFiles()}). A file that cannot be
   * decrypted (its keys missing or wrong, or a module failing authentication) always fails
   * discovery with a {@link org.parquetarrow.ParquetCryptoException} naming it, whatever the
   * policy: skipping it would quietly drop every encrypted file of a dataset whose keys were
   * forgotten.
   */
  public enum CorruptFilePolicy {
    /** Fail with the file's name. */
    FAIL,
    /**
     * Leave the file out and report it ({@link Dataset#skippedFiles()} at discovery, {@link
     * org.parquetarrow.dataset.scan.ScanReader#skippedFiles()} in a scan).
     */
    SKIP
  }

  /** Hive partitioning inferred, permissive promotion, failing on corrupt files. */
  public static DiscoveryOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding every setting of these options, to change some of them.
   *
   * <pre>{@code
   * DiscoveryOptions skipping = options.toBuilder().corruptFiles(CorruptFilePolicy.SKIP).build();
   * }</pre>
   */
  public Builder toBuilder() {
    return builder().hivePartitioning(hivePartitioning).partitionSchema(partitionSchema).promotion(promotion)
        .corruptFiles(corruptFiles).partitionBaseDir(partitionBaseDir).readOptions(readOptions).decryption(decryption)
        .footerCache(footerCache);
  }

  /** Whether {@code key=value} directories become columns (default true). */
  public boolean hivePartitioning() {
    return hivePartitioning;
  }

  /** Declared types of partition columns ({@code null}, the default: infer all). */
  public Schema partitionSchema() {
    return partitionSchema;
  }

  /** How files' differing types unify (default {@link TypePromotion#PERMISSIVE}). */
  public TypePromotion promotion() {
    return promotion;
  }

  /** What to do with a file whose footer does not read (default {@link CorruptFilePolicy#FAIL}). */
  public CorruptFilePolicy corruptFiles() {
    return corruptFiles;
  }

  /**
   * The root below which partition directories count, for explicit file lists ({@code null}, the
   * default: none, so files of a list get no partition columns).
   */
  public Path partitionBaseDir() {
    return partitionBaseDir;
  }

  /**
   * How footers map to Arrow: the dataset's schema (INT96 unit, stored schema, extension types).
   * Its dictionary columns (leaf paths) type the dataset's columns as dictionaries; for a scan to
   * hand out dictionary-encoded columns, name them (top-level names) in {@link
   * org.parquetarrow.dataset.scan.ScanOptions#dictionaryColumns()} instead.
   */
  public ArrowReadOptions readOptions() {
    return readOptions;
  }

  /** The keys of encrypted files ({@code null}, the default: none); see {@link Builder#decryption}. */
  public FileDecryptionProperties decryption() {
    return decryption;
  }

  /** Footers kept across discoveries ({@code null}, the default: none); see {@link Builder#footerCache}. */
  public FooterCache footerCache() {
    return footerCache;
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#hivePartitioning} */
  @Deprecated
  public DiscoveryOptions withHivePartitioning(boolean on) {
    return toBuilder().hivePartitioning(on).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#partitionSchema} */
  @Deprecated
  public DiscoveryOptions withPartitionSchema(Schema schema) {
    return toBuilder().partitionSchema(schema).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#promotion} */
  @Deprecated
  public DiscoveryOptions withPromotion(TypePromotion p) {
    return toBuilder().promotion(p).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#corruptFiles} */
  @Deprecated
  public DiscoveryOptions withCorruptFiles(CorruptFilePolicy policy) {
    return toBuilder().corruptFiles(policy).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#partitionBaseDir} */
  @Deprecated
  public DiscoveryOptions withPartitionBaseDir(Path dir) {
    return toBuilder().partitionBaseDir(dir).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#decryption} */
  @Deprecated
  public DiscoveryOptions withDecryption(FileDecryptionProperties keys) {
    return toBuilder().decryption(keys).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#footerCache} */
  @Deprecated
  public DiscoveryOptions withFooterCache(FooterCache cache) {
    return toBuilder().footerCache(cache).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DiscoveryOptions x && hivePartitioning == x.hivePartitioning
        && Objects.equals(partitionSchema, x.partitionSchema) && promotion == x.promotion
        && corruptFiles == x.corruptFiles && Objects.equals(partitionBaseDir, x.partitionBaseDir)
        && readOptions.equals(x.readOptions) && decryption == x.decryption && footerCache == x.footerCache;
  }

  @Override
  public int hashCode() {
    return Objects.hash(hivePartitioning, partitionSchema, promotion, corruptFiles, partitionBaseDir, readOptions);
  }

  @Override
  public String toString() {
    return "DiscoveryOptions[hivePartitioning=" + hivePartitioning + ", partitionSchema=" + partitionSchema
        + ", promotion=" + promotion + ", corruptFiles=" + corruptFiles + ", partitionBaseDir=" + partitionBaseDir
        + ", " + readOptions + ", decryption=" + (decryption == null ? "none" : "given") + ", footerCache="
        + (footerCache == null ? "none" : "given") + "]";
  }

  /** Builder of {@link DiscoveryOptions}. */
  public static final class Builder {
    private boolean hivePartitioning = true;
    private Schema partitionSchema;
    private TypePromotion promotion = TypePromotion.PERMISSIVE;
    private CorruptFilePolicy corruptFiles = CorruptFilePolicy.FAIL;
    private Path partitionBaseDir;
    private ArrowReadOptions readOptions = ArrowReadOptions.defaults();
    private FileDecryptionProperties decryption;
    private FooterCache footerCache;

    private Builder() {}

    /** Whether {@code key=value} directories become columns (default true). */
    public Builder hivePartitioning(boolean on) {
      this.hivePartitioning = on;
      return this;
    }

    /** Declared types of partition columns; {@code null} (the default) infers all. */
    public Builder partitionSchema(Schema schema) {
      this.partitionSchema = schema;
      return this;
    }

    /** How files' differing types unify (default {@link TypePromotion#PERMISSIVE}). */
    public Builder promotion(TypePromotion promotion) {
      this.promotion = Objects.requireNonNull(promotion, "promotion");
      return this;
    }

    /** What to do with a file whose footer does not read (default {@link CorruptFilePolicy#FAIL}). */
    public Builder corruptFiles(CorruptFilePolicy policy) {
      this.corruptFiles = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** See {@link DiscoveryOptions#partitionBaseDir()}. */
    public Builder partitionBaseDir(Path dir) {
      this.partitionBaseDir = dir;
      return this;
    }

    /** See {@link DiscoveryOptions#readOptions()}. */
    public Builder readOptions(ArrowReadOptions options) {
      this.readOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * The keys of encrypted files, given once here: footers are decrypted (or, for plaintext-footer
     * files, their signatures verified) with them at discovery, pruning uses the decrypted column
     * statistics, page indexes, bloom filters and dictionaries, and scans decrypt the data with
     * them. A column whose key is missing is not pruned, and fails only when a scan reads it.
     *
     * <pre>{@code
     * DiscoveryOptions o = DiscoveryOptions.builder().decryption(FileDecryptionProperties.builder()
     *     .footerKey(footerKey).columnKey("name", nameKey).build()).build();
     * }</pre>
     */
    public Builder decryption(FileDecryptionProperties keys) {
      // (a footer cache is not used while keys are set: the cached footer is tied to them)
      this.decryption = keys;
      return this;
    }

    /**
     * Footers kept across discoveries (of this dataset or others sharing the cache): a file whose
     * location, length and version are unchanged is not read again. Not used with {@link
     * #decryption keys}.
     *
     * <pre>{@code
     * DiscoveryOptions o = DiscoveryOptions.builder().footerCache(new FooterCache(10_000)).build();
     * }</pre>
     */
    public Builder footerCache(FooterCache cache) {
      this.footerCache = cache;
      return this;
    }

    public DiscoveryOptions build() {
      return new DiscoveryOptions(this);
    }
  }
}
