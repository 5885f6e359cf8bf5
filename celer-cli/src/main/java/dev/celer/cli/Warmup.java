package dev.celer.cli;

import dev.celer.lz4.frame.Lz4FrameInputStream;
import dev.celer.lz4.frame.Lz4FrameOptions;
import dev.celer.lz4.frame.Lz4FrameOutputStream;
import dev.celer.xxhash.XxHash32;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Binds the native backend on a second thread while the command's thread gets going. On JDK 25
 * the first native call of a process loads liblz4 and libxxhash and links their entry points
 * (about 80 ms of CPU measured in {@code celer -d} of a 306 MB file, most of it the JDK spinning
 * the downcall stubs), and until now the command's thread did that before its first block. Here a
 * daemon thread runs the calls the command will make as soon as the backend is chosen (decoding:
 * a frame of one 1 MB block with a content checksum, {@link #frame}; compressing: 1 MB at the
 * command's level and frame options),
 * so the binding overlaps the command's own start (parsing, opening files, the first reads). Its
 * output is thrown away; whatever it throws is ignored, as the command meets any real failure on
 * its own. Only where there is a native backend to bind (JDK 25 or later, {@code
 * dev.celer.native} not {@code off}) and for inputs large enough to go native ({@link
 * BackendChoice}).
 */
final class Warmup {
  private Warmup() {}

  /** Starts the warm-up for compressing with {@code options} or, when {@code decompress}, for decoding. */
  static void start(boolean decompress, Lz4FrameOptions options) {
    if (Runtime.version().feature() < 25 || "off".equalsIgnoreCase(System.getProperty("dev.celer.native", "auto").trim())) {
      return;
    }
    Thread t = new Thread(() -> run(decompress, options), "celer-warmup");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  private static void run(boolean decompress, Lz4FrameOptions options) {
    try {
      if (decompress) {
        try (Lz4FrameInputStream in = new Lz4FrameInputStream(new ByteArrayInputStream(frame()))) {
          in.transferTo(OutputStream.nullOutputStream());
        }
        return;
      }
      byte[] data = new byte[1 << 20];
      for (int i = 0; i < data.length; i++) {
        data[i] = (byte) (i % 31 + (i >>> 12));
      }
      Lz4FrameOptions o = options.toBuilder().dictionary(null).dictionaryId(0).legacy(false).build();
      try (Lz4FrameOutputStream out = new Lz4FrameOutputStream(OutputStream.nullOutputStream(), o)) {
        out.write(data);
      }
    } catch (IOException | RuntimeException ignored) {
      // only a head start: the command binds (and reports) on its own
    }
  }

  /**
   * A frame as {@code lz4} writes them (4 MB independent blocks, content checksum) of one block
   * that decodes to 1 MB, written by hand so that making it binds nothing: 16 literals, a match of
   * offset 16 over all but the last 5 bytes, then 5 literals (the end-of-block rules).
   */
  static byte[] frame() {
    byte[] lit = "celer: warming up".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    int size = 1 << 20;
    int litLen = 16;
    int last = 5;
    int matchLen = size - litLen - last;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(0xFF); // 15+ literals, 15+4 or more match bytes
    b.write(litLen - 15);
    b.write(lit, 0, litLen);
    b.write(litLen); // offset 16, little-endian
    b.write(0);
    int more = matchLen - 4 - 15;
    for (; more >= 255; more -= 255) {
      b.write(255);
    }
    b.write(more);
    b.write(last << 4); // the last sequence: literals only
    b.write(lit, 0, last);
    byte[] block = b.toByteArray();
    byte[] content = new byte[size];
    for (int i = 0; i < size - last; i++) {
      content[i] = lit[i % litLen];
    }
    System.arraycopy(lit, 0, content, size - last, last);
    XxHash32 h = XxHash32.create();
    h.update(content, 0, size);
    byte[] desc = {0x64, 0x70}; // version 1, independent blocks, content checksum; 4 MB blocks
    ByteBuffer f = ByteBuffer.allocate(7 + 4 + block.length + 4 + 4).order(ByteOrder.LITTLE_ENDIAN);
    f.putInt(0x184D2204).put(desc).put((byte) (XxHash32.hash(desc) >>> 8));
    f.putInt(block.length).put(block).putInt(0).putInt(h.digest());
    return f.array();
  }
}
