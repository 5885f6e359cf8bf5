package net.jpountz.compat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reading a stream to its end, in the odd-sized chunks real clients use. */
final class StreamsHelper {
  private StreamsHelper() {}

  static byte[] readAll(InputStream in) throws IOException {
    try (in) {
      return readAllOpen(in);
    }
  }

  /** As {@link #readAll}, leaving {@code in} open. */
  static byte[] readAllOpen(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[1021];
    for (int n; (n = in.read(buf)) >= 0; ) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }
}
