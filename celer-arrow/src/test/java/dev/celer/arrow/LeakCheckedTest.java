package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The tests' allocator: a fresh 1 GiB root allocator per test that must close with nothing
 * allocated afterwards (after failed decompressions too), so every test doubles as a leak check.
 */
abstract class LeakCheckedTest {
  /** The allocator of the running test. */
  protected BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = new RootAllocator(1L << 30);
  }

  @AfterEach
  void closeAllocatorWithoutLeaks() {
    assertEquals(0, allocator.getAllocatedMemory(), "memory left allocated: " + allocator.toVerboseString());
    allocator.close(); // throws on a leak
  }
}
