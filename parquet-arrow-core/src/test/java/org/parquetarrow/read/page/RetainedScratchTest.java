package org.parquetarrow.read.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The decompression buffers kept between column chunks (issue 18): a buffer given back is handed
 * out again, the best fitting first; the bounds hold; a buffer is never with two owners at once,
 * whatever the threads do; a chunk's {@link ScratchPool} draws from them before allocating and
 * gives back at close only the buffers no page holds.
 */
class RetainedScratchTest {

  @Test
  void aBufferGivenBackIsHandedOutAgainTheSmallestThatFitsFirst() {
    RetainedScratch r = new RetainedScratch(1 << 20, 8);
    assertNull(r.take(1), "nothing kept yet");
    byte[] small = new byte[100];
    byte[] large = new byte[1000];
    byte[] middle = new byte[500];
    r.give(small);
    r.give(large);
    r.give(middle);
    assertEquals(1600, r.retainedBytes());
    assertSame(middle, r.take(101), "the smallest of those that fit");
    assertNull(r.take(1001), "none fits");
    assertSame(small, r.take(100));
    assertSame(large, r.take(1));
    assertNull(r.take(1));
    assertEquals(0, r.retainedBytes());
    assertEquals(0, r.retainedBuffers());
  }

  @Test
  void aBufferGivenTwiceIsKeptOnceSoNeverHandedToTwoOwners() {
    RetainedScratch r = new RetainedScratch(1 << 20, 8);
    byte[] b = new byte[64];
    r.give(b);
    r.give(b);
    assertEquals(1, r.retainedBuffers());
    assertEquals(64, r.retainedBytes());
    assertSame(b, r.take(64));
    assertNull(r.take(64), "the second give was not a second buffer");
  }

  @Test
  void theBoundsOnBuffersAndBytesHoldTheLargestKept() {
    RetainedScratch byCount = new RetainedScratch(1 << 20, 2);
    byte[] a = new byte[10];
    byte[] b = new byte[20];
    byte[] c = new byte[30];
    byCount.give(a);
    byCount.give(b);
    byCount.give(c); // evicts a, the smallest
    assertEquals(2, byCount.retainedBuffers());
    assertEquals(50, byCount.retainedBytes());
    byCount.give(new byte[5]); // smaller than all kept: dropped
    assertEquals(50, byCount.retainedBytes());
    assertSame(b, byCount.take(11));
    assertSame(c, byCount.take(11));
    assertNull(byCount.take(1), "a was evicted, the 5-byte one dropped");

    RetainedScratch byBytes = new RetainedScratch(100, 10);
    byBytes.give(new byte[40]);
    byBytes.give(new byte[50]);
    byBytes.give(new byte[60]); // 150 > 100: the 40 and then the 50 make room
    assertEquals(60, byBytes.retainedBytes());
    assertEquals(1, byBytes.retainedBuffers());
    byBytes.give(new byte[101]); // more than the bound alone
    assertEquals(60, byBytes.retainedBytes());
    byBytes.give(new byte[30]);
    assertEquals(90, byBytes.retainedBytes());
    byBytes.give(new byte[20]); // 110 > 100; the kept ones are larger: dropped
    assertEquals(90, byBytes.retainedBytes());

    RetainedScratch none = new RetainedScratch(0, 0);
    none.give(new byte[1]);
    assertEquals(0, none.retainedBuffers());
    assertNull(none.take(0));
    assertThrows(IllegalArgumentException.class, () -> new RetainedScratch(-1, 1));
    assertThrows(IllegalArgumentException.class, () -> new RetainedScratch(1, -1));
  }

  @Test
  void theSharedOneIsBoundedByTheHeap() {
    long expected = Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16);
    RetainedScratch s = RetainedScratch.SHARED;
    // its bound is observable through what it accepts: nothing over it is kept
    int before = s.retainedBuffers();
    s.give(new byte[(int) Math.min(Integer.MAX_VALUE - 8, expected + 1)]);
    assertTrue(s.retainedBytes() <= expected, s.retainedBytes() + " bytes kept, bound " + expected);
    assertTrue(s.retainedBuffers() <= RetainedScratch.DEFAULT_MAX_BUFFERS);
    assertTrue(s.retainedBuffers() <= Math.max(before, RetainedScratch.DEFAULT_MAX_BUFFERS));
  }

  /**
   * Threads take, fill with their own mark, check, give back; a buffer with two owners at once
   * shows as a failed claim or a mark overwritten, and the bounds hold throughout.
   */
  @Test
  void underManyThreadsNoBufferHasTwoOwnersAndTheBoundsHold() throws Exception {
    RetainedScratch r = new RetainedScratch(64 * 1024, 6);
    Set<byte[]> owned = ConcurrentHashMap.newKeySet();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    int threads = 6;
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> all = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      byte mark = (byte) (t + 1);
      Thread th = new Thread(() -> {
        try {
          go.await();
          for (int i = 0; i < 20_000; i++) {
            int length = 1 + (i * 7919 + mark * 104_729) % 16_000;
            byte[] b = r.take(length);
            if (b == null) {
              b = new byte[length];
            }
            if (b.length < length) {
              throw new AssertionError("took " + b.length + " bytes for " + length);
            }
            if (!owned.add(b)) {
              throw new AssertionError("a buffer handed to two owners at once");
            }
            java.util.Arrays.fill(b, 0, length, mark);
            Thread.yield();
            for (int k = 0; k < length; k += 97) {
              if (b[k] != mark) {
                throw new AssertionError("a buffer written by another owner meanwhile");
              }
            }
            owned.remove(b);
            r.give(b);
            if (r.retainedBytes() > 64 * 1024 || r.retainedBuffers() > 6) {
              throw new AssertionError(r.retainedBytes() + " bytes in " + r.retainedBuffers() + " buffers kept");
            }
          }
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      });
      all.add(th);
      th.start();
    }
    go.countDown();
    for (Thread th : all) {
      th.join(120_000);
      assertTrue(!th.isAlive(), "a thread hung");
    }
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    assertTrue(r.retainedBuffers() > 0, "buffers were kept for reuse");
  }

  @Test
  void aChunkPoolDrawsFromTheKeptBuffersAndGivesBackOnlyThoseNoPageHolds() {
    RetainedScratch r = new RetainedScratch(1 << 20, 8);
    byte[] kept = new byte[4096];
    r.give(kept);
    ScratchPool pool = new ScratchPool(1 << 20, r);
    assertSame(kept, pool.take(4000), "drawn before allocating");
    byte[] fresh = pool.take(4000);
    assertNotSame(kept, fresh, "the kept one is in use");
    assertTrue(fresh.length >= 4000);
    pool.give(fresh); // its page given up
    // kept stays with its page: the close gives back only the free one
    pool.close();
    assertEquals(1, r.retainedBuffers());
    assertSame(fresh, r.take(1));
    pool.give(kept); // a page given up after the chunk closed: no page uses it any more
    assertSame(kept, r.take(1));

    // a free buffer too small for the next page goes to the kept ones, for a chunk of small pages
    ScratchPool growing = new ScratchPool(1 << 20, r);
    byte[] small = growing.take(100);
    growing.give(small);
    byte[] larger = growing.take(10_000);
    assertTrue(larger.length >= 10_000);
    assertSame(small, r.take(1));

    // without kept buffers, nothing outlives the chunk
    ScratchPool alone = new ScratchPool(1 << 20, null);
    byte[] a = alone.take(10);
    alone.give(a);
    assertSame(a, alone.take(10), "reused within the chunk as before");
    alone.close();
    assertNotNull(alone.take(10));
  }
}
