package org.parquetarrow.read.page;

import java.util.ArrayList;
import java.util.List;

/**
 * Decompression buffers kept between column chunks, so that the next chunk (of the same column in
 * the next row group, of another column, of another file, on any thread) decompresses into a
 * buffer already allocated instead of taking and zeroing a fresh one of a page's size: a scan of
 * many row groups otherwise allocated every page-sized buffer anew per chunk (issue 18).
 *
 * <p>A buffer is here only while no page uses it: a chunk's reader gives back only the buffers of
 * its {@link ScratchPool} that no page alive lies in (never the one of the page its caller holds
 * when closed early), and takes a buffer out before a page is decompressed into it, so a buffer is
 * owned by at most one chunk at a time. Giving back a buffer already here is ignored rather than
 * letting it be handed out twice.
 *
 * <p>Bounded: at most {@code maxBuffers} buffers and {@code maxBytes} bytes are kept; a buffer
 * given back beyond that evicts smaller ones or is dropped. The JVM-wide {@link #SHARED} keeps at
 * most {@link #DEFAULT_MAX_BYTES} (64 MiB), or a sixteenth of the maximum heap if less. Thread-safe.
 */
final class RetainedScratch {
  /** The most bytes {@link #SHARED} keeps: 64 pages of the size writers cut by default. */
  static final long DEFAULT_MAX_BYTES = 64L << 20;
  /** The most buffers {@link #SHARED} keeps: a search of them per chunk costs nothing. */
  static final int DEFAULT_MAX_BUFFERS = 32;

  /** The buffers every page reader of the JVM shares. */
  static final RetainedScratch SHARED = new RetainedScratch(
      Math.min(DEFAULT_MAX_BYTES, Runtime.getRuntime().maxMemory() / 16), DEFAULT_MAX_BUFFERS);

  private final long maxBytes;
  private final int maxBuffers;
  private final List<byte[]> free = new ArrayList<>();
  private long bytes;

  RetainedScratch(long maxBytes, int maxBuffers) {
    if (maxBytes < 0 || maxBuffers < 0) {
      throw new IllegalArgumentException("negative bound " + maxBytes + " bytes, " + maxBuffers + " buffers");
    }
    this.maxBytes = maxBytes;
    this.maxBuffers = maxBuffers;
  }

  /**
   * The smallest kept buffer of at least {@code length} bytes, now the caller's until it gives it
   * back; {@code null} when none is that large.
   */
  synchronized byte[] take(int length) {
    int best = -1;
    for (int i = 0; i < free.size(); i++) {
      int n = free.get(i).length;
      if (n >= length && (best < 0 || n < free.get(best).length)) {
        best = i;
      }
    }
    if (best < 0) {
      return null;
    }
    byte[] b = free.remove(best);
    bytes -= b.length;
    return b;
  }

  /**
   * Keeps {@code buffer}, which no page uses any more, for a later {@link #take}: smaller buffers
   * make room for it when the bounds are reached, or it is dropped if they cannot.
   */
  synchronized void give(byte[] buffer) {
    if (buffer == null || buffer.length == 0 || buffer.length > maxBytes) {
      return;
    }
    for (byte[] b : free) {
      if (b == buffer) {
        return; // already here: keeping it twice would hand it out to two chunks
      }
    }
    while (free.size() >= maxBuffers || bytes + buffer.length > maxBytes) {
      int smallest = -1;
      for (int i = 0; i < free.size(); i++) {
        if (smallest < 0 || free.get(i).length < free.get(smallest).length) {
          smallest = i;
        }
      }
      if (smallest < 0 || free.get(smallest).length >= buffer.length) {
        return; // the kept ones are as useful: this one goes to the garbage collector
      }
      bytes -= free.remove(smallest).length;
    }
    free.add(buffer);
    bytes += buffer.length;
  }

  /** Bytes kept now. */
  synchronized long retainedBytes() {
    return bytes;
  }

  /** Buffers kept now. */
  synchronized int retainedBuffers() {
    return free.size();
  }

  /** Drops every kept buffer. */
  synchronized void clear() {
    free.clear();
    bytes = 0;
  }
}
