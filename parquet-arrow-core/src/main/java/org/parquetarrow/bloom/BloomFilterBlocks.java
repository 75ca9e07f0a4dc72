package org.parquetarrow.bloom;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.format.BloomFilterHeader;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;

/**
 * A plaintext column chunk's bloom filter probed by block: {@link BloomFilterReader#openBlocks}
 * reads only its header, and a probe reads only the 32-byte block its hash selects (the blocks of
 * several hashes in one {@link InputFile#readRanges} call), keeping every block read. A filter of
 * a million distinct values takes about 1 MiB; a point lookup reads a few dozen bytes of it.
 *
 * <p>Answers exactly as the whole filter would: a block holds every bit a probe of it tests.
 *
 * <pre>{@code
 * Optional<BloomFilterBlocks> blocks = BloomFilterReader.openBlocks(in, chunk, null);
 * boolean maybe = blocks.map(b -> b.mightContain(SplitBlockBloomFilter.hashLong(42))).orElse(true);
 * }</pre>
 */
public final class BloomFilterBlocks {
  /** Bytes of one block: eight 32-bit words. */
  public static final int BLOCK_BYTES = 32;

  private final InputFile file;
  private final BloomFilterHeader header;
  private final boolean probeable;
  /** Where the bitset starts in the file. */
  private final long bitsetOffset;
  private final int blocks;
  private final ErrorLocation at;
  private final Map<Integer, byte[]> held = new HashMap<>();
  private long bytesRead;

  BloomFilterBlocks(InputFile file, BloomFilterHeader header, boolean probeable, long bitsetOffset, int numBytes,
      long headerBytesRead, ErrorLocation at) {
    this.file = file;
    this.header = header;
    this.probeable = probeable;
    this.bitsetOffset = bitsetOffset;
    this.blocks = numBytes / BLOCK_BYTES;
    this.at = at;
    this.bytesRead = headerBytesRead;
  }

  public BloomFilterHeader header() {
    return header;
  }

  /**
   * Whether the filter is an uncompressed split-block filter over xxHash64, the only kind the spec
   * defines; one that is not answers "might" to every probe and reads nothing more.
   */
  public boolean probeable() {
    return probeable;
  }

  /** Bytes read from the file so far: the header read, then 32 per block probed. */
  public synchronized long bytesRead() {
    return bytesRead;
  }

  /**
   * Reads the blocks {@code hashes} select that are not yet held, in one {@link
   * InputFile#readRanges} call, so that probing them afterwards reads nothing.
   *
   * @throws ParquetIOException if the file cannot be read
   */
  public synchronized void fetch(long... hashes) {
    if (!probeable) {
      return;
    }
    TreeSet<Integer> missing = new TreeSet<>();
    for (long h : hashes) {
      int b = SplitBlockBloomFilter.blockIndex(h, blocks);
      if (!held.containsKey(b)) {
        missing.add(b);
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    List<FileRange> ranges = new ArrayList<>(missing.size());
    for (int b : missing) {
      ranges.add(FileRange.of(bitsetOffset + (long) b * BLOCK_BYTES, BLOCK_BYTES));
    }
    List<ByteBuffer> read;
    try {
      read = file.readRanges(ranges);
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the bloom filter's blocks: " + e.getMessage(), e).locate(at);
    }
    int i = 0;
    for (int b : missing) {
      ByteBuffer buf = read.get(i++).duplicate();
      byte[] block = new byte[BLOCK_BYTES];
      buf.get(block);
      held.put(b, block);
    }
    bytesRead += (long) missing.size() * BLOCK_BYTES;
  }

  /**
   * Whether a value of this hash (see {@link SplitBlockBloomFilter#hashLong} and its siblings)
   * might be in the chunk; {@code false} proves it is not. Reads the hash's block if not held.
   *
   * @throws ParquetIOException if the file cannot be read
   */
  public synchronized boolean mightContain(long hash) {
    if (!probeable) {
      return true;
    }
    fetch(hash);
    return SplitBlockBloomFilter.blockMightContain(held.get(SplitBlockBloomFilter.blockIndex(hash, blocks)), 0, hash);
  }
}
