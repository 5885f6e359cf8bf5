package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * Issue 5, "a header that announces 4 GB does not allocate 4 GB": a short lz4-java block stream
 * whose header announces the format's largest block (32 MB) must fail as truncated having
 * allocated memory in proportion to the bytes that really arrived, not to the announcement.
 */
class HostileHeaderMemoryTest {

  /** Magic, token, lengths and checksum of lz4-java's block header, then a few data bytes. */
  private static byte[] streamAnnouncing(int method, int compressedLen, int decompressedLen, int dataBytes) {
    ByteBuffer b = ByteBuffer.allocate(21 + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {'L', 'Z', '4', 'B', 'l', 'o', 'c', 'k'});
    b.put((byte) (method | 15)); // method | level 15: blocks up to 2^(10+15) = 32 MB
    b.putInt(compressedLen);
    b.putInt(decompressedLen);
    b.putInt(0); // checksum: never reached
    return b.array(); // the data bytes are zeros
  }

  @Test
  void lz4BlockAnnouncing32MbAllocatesLittleWhenTheDataIsShort() {
    int dlen = 32 << 20;
    byte[] input = streamAnnouncing(0x20, Lz4.maxCompressedLength(dlen), dlen, 10);
    StreamChecks.Result r = StreamChecks.readAll(JpountzBlockInputStream::new, input, 1 << 20);
    assertFalse(r.ok(), "a 31-byte stream announcing a 32 MB block was accepted");
    assertTrue(r.error().getMessage().contains("truncated"), r.error().getMessage());
    assertTrue(r.allocatedBytes() < (1 << 20),
        "reading 31 bytes allocated " + r.allocatedBytes() + " bytes (the header announced 32 MB)");
  }

  @Test
  void rawBlockAnnouncing32MbAllocatesLittleWhenTheDataIsShort() {
    int dlen = 32 << 20;
    byte[] input = streamAnnouncing(0x10, dlen, dlen, 10);
    StreamChecks.Result r = StreamChecks.readAll(JpountzBlockInputStream::new, input, 1 << 20);
    assertFalse(r.ok());
    assertTrue(r.error().getMessage().contains("truncated"), r.error().getMessage());
    assertTrue(r.allocatedBytes() < (1 << 20), "allocated " + r.allocatedBytes());
  }

  @Test
  void impossibleExpansionIsCorruptBeforeTheOutputIsAllocated() {
    // 100 bytes of "LZ4 data" cannot decode to 32 MB (LZ4 expands at most about 255 times)
    byte[] input = streamAnnouncing(0x20, 100, 32 << 20, 100);
    StreamChecks.Result r = StreamChecks.readAll(JpountzBlockInputStream::new, input, 1 << 20);
    if (r.allocatedBytes() >= (1 << 20)) {
      // again, without first-use costs: class loading and, on the native backend, the binding of
      // the functions this read used first (when this test runs first in its JVM)
      r = StreamChecks.readAll(JpountzBlockInputStream::new, input, 1 << 20);
    }
    assertFalse(r.ok());
    assertTrue(r.error().getMessage().contains("impossible"), r.error().getMessage());
    assertTrue(r.allocatedBytes() < (1 << 20), "allocated " + r.allocatedBytes());
  }
}
