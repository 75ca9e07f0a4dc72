package org.parquetarrow.testing;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit extension owning one {@link RootAllocator} per test; after each test, passed or failed,
 * it fails if any buffer is still allocated.
 *
 * <pre>{@code
 * @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
 * ... memory.allocator() ...
 * }</pre>
 */
public final class LeakCheckingAllocator implements BeforeEachCallback, AfterEachCallback {
  private RootAllocator allocator;

  public BufferAllocator allocator() {
    return allocator;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    allocator = new RootAllocator(Long.MAX_VALUE);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    long leaked = allocator.getAllocatedMemory();
    String detail = leaked == 0 ? "" : allocator.toVerboseString();
    try {
      allocator.close();
    } catch (IllegalStateException e) {
      throw new AssertionError("test leaked Arrow memory: " + leaked + " bytes\n" + detail, e);
    }
    if (leaked != 0) {
      throw new AssertionError("test leaked Arrow memory: " + leaked + " bytes\n" + detail);
    }
  }
}
