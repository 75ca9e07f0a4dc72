package org.parquetarrow.io;

import java.util.Objects;

/**
 * How the reader turns the byte ranges it needs (whole column chunks, or the dictionary and
 * selected pages of each) into requests: ranges of all projected columns of a row group are
 * coalesced together when the hole between two is at most the gap and the merged request stays
 * within the maximum size. Local files and remote ones (by {@link InputFile#locality()}) have
 * separate settings, since a hole costs little to read through on a disk but a request costs a
 * round trip over the network. A remote file's next row groups are requested while the current
 * one decodes ({@link #prefetchRowGroups()}, within {@link #prefetchMemory()}). A local chunk
 * longer than {@link #localSlice()} is not fetched whole: its page reader reads it a slice at a
 * time into two buffers it keeps for the column from row group to row group. Immutable; build one
 * with {@link #builder()}.
 *
 * <pre>{@code
 * ReadOptions options = ReadOptions.builder(allocator)
 *     .fetchOptions(FetchOptions.builder()
 *         .remoteGap(256 * 1024).remoteMaxRequest(16 << 20)
 *         .prefetchRowGroups(2)
 *         .build())
 *     .build();
 * }</pre>
 */
public final class FetchOptions {
  /**
   * Holes read through on local files: Arrow C++'s {@code CacheOptions::Defaults()}
   * ({@code arrow/io/caching.h}: hole_size_limit 8 KiB).
   */
  public static final long DEFAULT_LOCAL_GAP = 8 * 1024;

  /** Longest local request: Arrow C++'s range_size_limit, 32 MiB. */
  public static final long DEFAULT_LOCAL_MAX_REQUEST = 32L << 20;

  /**
   * Holes read through on remote files: arrow-rs's {@code object_store::OBJECT_STORE_COALESCE_DEFAULT}
   * (1 MiB), the gap under which its parquet reader merges the ranges it asks of an object store.
   */
  public static final long DEFAULT_REMOTE_GAP = 1L << 20;

  /**
   * Longest remote request: larger than on a local disk, since each request pays a round trip
   * (tens of milliseconds to an object store) and requests of one row group run concurrently.
   */
  public static final long DEFAULT_REMOTE_MAX_REQUEST = 64L << 20;

  /** Row groups of a remote file fetched ahead of the one decoding, by default. */
  public static final int DEFAULT_PREFETCH_ROW_GROUPS = 1;

  /**
   * Bytes the row groups fetched ahead may hold, by default: two row groups of the common 128 MiB
   * size.
   */
  public static final long DEFAULT_PREFETCH_MEMORY = 256L << 20;

  /**
   * Local chunks longer than this are read a slice of this size at a time, by default: large
   * enough that a slice holds a few pages of the usual 1 MiB (so few pages straddle two slices and
   * the reads stay few), small enough that a reader's two slices per column are a fraction of a
   * row group.
   */
  public static final int DEFAULT_LOCAL_SLICE = 4 << 20;

  private static final FetchOptions DEFAULTS = builder().build();

  private final RangeCoalescer local;
  private final RangeCoalescer remote;
  private final int prefetchRowGroups;
  private final long prefetchMemory;
  private final int localSlice;

  private FetchOptions(Builder b) {
    this.local = new RangeCoalescer(b.localGap, b.localMaxRequest);
    this.remote = new RangeCoalescer(b.remoteGap, b.remoteMaxRequest);
    this.prefetchRowGroups = b.prefetchRowGroups;
    this.prefetchMemory = b.prefetchMemory;
    this.localSlice = b.localSlice;
  }

  /** The defaults above. */
  public static FetchOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The coalescing for a file with {@code locality}. */
  public RangeCoalescer coalescerFor(InputFile.Locality locality) {
    return Objects.requireNonNull(locality, "locality") == InputFile.Locality.REMOTE ? remote : local;
  }

  /**
   * How many row groups of a remote file are requested ahead of the one being decoded (0: none).
   * Local files are not prefetched.
   */
  public int prefetchRowGroups() {
    return prefetchRowGroups;
  }

  /**
   * The most bytes the row groups requested ahead may hold: a row group that would exceed it is
   * fetched only when its turn comes.
   */
  public long prefetchMemory() {
    return prefetchMemory;
  }

  /**
   * The slice size of local chunks read as a stream (0: every chunk is fetched whole): a local
   * file's chunk longer than this, read whole, is read by its page reader in slices of this size
   * (a slice grows for a page longer than it) into two buffers per column that the reader reuses
   * for the column's chunks in every row group; a page that does not fit the rest of a slice is
   * carried over to the next. Remote files always fetch (a request costs a round trip), and so do
   * reads of only some pages of a chunk.
   */
  public int localSlice() {
    return localSlice;
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    return new Builder()
        .localGap(local.maxGap())
        .localMaxRequest(local.maxReadLength())
        .remoteGap(remote.maxGap())
        .remoteMaxRequest(remote.maxReadLength())
        .prefetchRowGroups(prefetchRowGroups)
        .prefetchMemory(prefetchMemory)
        .localSlice(localSlice);
  }

  @Override
  public String toString() {
    return "FetchOptions[local gap " + local.maxGap() + ", max " + local.maxReadLength()
        + "; remote gap " + remote.maxGap() + ", max " + remote.maxReadLength()
        + "; prefetch " + prefetchRowGroups + " row groups, " + prefetchMemory + " bytes"
        + "; local slice " + localSlice + "]";
  }

  /** Builds {@link FetchOptions}; every setting starts at its default. */
  public static final class Builder {
    private long localGap = DEFAULT_LOCAL_GAP;
    private long localMaxRequest = DEFAULT_LOCAL_MAX_REQUEST;
    private long remoteGap = DEFAULT_REMOTE_GAP;
    private long remoteMaxRequest = DEFAULT_REMOTE_MAX_REQUEST;
    private int prefetchRowGroups = DEFAULT_PREFETCH_ROW_GROUPS;
    private long prefetchMemory = DEFAULT_PREFETCH_MEMORY;
    private int localSlice = DEFAULT_LOCAL_SLICE;

    private Builder() {}

    /**
     * The largest hole read through between two ranges of a local file (0: only touching ranges
     * merge).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder localGap(long bytes) {
      this.localGap = nonNegative("localGap", bytes);
      return this;
    }

    /**
     * The longest merged request to a local file (a single range longer than that is still read
     * whole).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder localMaxRequest(long bytes) {
      this.localMaxRequest = nonNegative("localMaxRequest", bytes);
      return this;
    }

    /** As {@link #localGap}, for remote files. */
    public Builder remoteGap(long bytes) {
      this.remoteGap = nonNegative("remoteGap", bytes);
      return this;
    }

    /** As {@link #localMaxRequest}, for remote files. */
    public Builder remoteMaxRequest(long bytes) {
      this.remoteMaxRequest = nonNegative("remoteMaxRequest", bytes);
      return this;
    }

    /**
     * Row groups of a remote file requested while an earlier one decodes (default {@value
     * #DEFAULT_PREFETCH_ROW_GROUPS}; 0 turns prefetch off).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder prefetchRowGroups(int rowGroups) {
      this.prefetchRowGroups = (int) nonNegative("prefetchRowGroups", rowGroups);
      return this;
    }

    /**
     * The most bytes held by row groups requested ahead (default {@link
     * #DEFAULT_PREFETCH_MEMORY}).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder prefetchMemory(long bytes) {
      this.prefetchMemory = nonNegative("prefetchMemory", bytes);
      return this;
    }

    /**
     * The slice size of local chunks read as a stream (default {@value #DEFAULT_LOCAL_SLICE}; 0
     * fetches every chunk whole, as remote files are). See {@link FetchOptions#localSlice()}.
     *
     * <pre>{@code
     * FetchOptions whole = FetchOptions.builder().localSlice(0).build();
     * }</pre>
     *
     * @throws IllegalArgumentException if negative or larger than a Java array
     */
    public Builder localSlice(long bytes) {
      nonNegative("localSlice", bytes);
      if (bytes > ColumnChunkFetcher.MAX_ARRAY_LENGTH) {
        throw new IllegalArgumentException("localSlice must fit a Java array: " + bytes);
      }
      this.localSlice = (int) bytes;
      return this;
    }

    public FetchOptions build() {
      return new FetchOptions(this);
    }

    private static long nonNegative(String what, long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException(what + " must not be negative: " + bytes);
      }
      return bytes;
    }
  }
}
