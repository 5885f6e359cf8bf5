package dev.celer.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.jpountz.JpountzBlockInputStream;
import dev.celer.lz4.jpountz.JpountzBlockOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, the honest side of {@link HostileHeaderMemoryTest}: the blocks of an lz4-java block
 * stream, whose compressed lengths vary, share one buffer instead of each growing it (a new
 * array and a copy of the bytes read so far, per block that is longer than all before it).
 */
class JpountzReaderMemoryTest {

  @Test
  void blocksOfGrowingCompressedLengthShareOneBuffer() throws IOException {
    // 40 blocks of 32 KB, block k = k * 800 random bytes then zeros: each compresses to more
    // bytes than the one before (from about 30 B to about 31 KB), all smaller than 32 KB
    int bs = 32 * 1024;
    int blocks = 40;
    byte[] data = new byte[blocks * bs];
    Random rnd = new Random(26);
    for (int k = 0; k < blocks; k++) {
      byte[] noise = new byte[k * 800];
      rnd.nextBytes(noise);
      System.arraycopy(noise, 0, data, k * bs, noise.length);
    }
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    try (JpountzBlockOutputStream out = new JpountzBlockOutputStream(bo, bs)) {
      out.write(data);
    }
    byte[] stream = bo.toByteArray();
    byte[] chunk = new byte[8192];
    assertEquals(data.length, readAll(stream, chunk)); // first use: class loading and the backend's set-up
    long before = StreamChecks.allocated();
    assertEquals(data.length, readAll(stream, chunk));
    long allocated = StreamChecks.allocated() - before;
    // one 32 KB output buffer and one compressed buffer of LZ4's worst case (32,912 B), plus the
    // objects of the stream; growing the compressed buffer block by block took about 650 KB
    assertTrue(allocated < 160 * 1024, "reading 40 blocks of 32 KB allocated " + allocated + " bytes");
  }

  private static long readAll(byte[] stream, byte[] chunk) throws IOException {
    long total = 0;
    try (InputStream in = new JpountzBlockInputStream(new ByteArrayInputStream(stream))) {
      for (int n; (n = in.read(chunk)) > 0; ) {
        total += n;
      }
    }
    return total;
  }
}
