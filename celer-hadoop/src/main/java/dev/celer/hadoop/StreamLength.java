package dev.celer.hadoop;

import dev.celer.lz4.Lz4StreamException;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;

/**
 * Finds the length of a file from an open stream, which is all a {@code CompressionCodec} is
 * given. Each probe is a positioned read of one byte (one small GET on an object store):
 *
 * <ol>
 *   <li>a candidate from the stream itself, {@code getPos() + available()}, when {@code available()}
 *       is below {@link Integer#MAX_VALUE} (the local file system, HDFS and S3A report the bytes
 *       left; an estimate is only a hint): checked with at most two probes (the byte before it
 *       exists, the byte at it does not). HDFS caps the value at {@link Integer#MAX_VALUE} when
 *       more than 2 GB are left; a capped value is used as a lower bound for the search below;
 *   <li>otherwise (or when the hint is wrong) a search from a position known to exist (the split's
 *       end): doubling steps from 64 KiB, then bisection, at most {@code 2·log2(length)} probes
 *       (about 80 for a terabyte). The first probe is at the known length itself, so the last
 *       split of a file (which ends at the file's length) needs two.
 * </ol>
 *
 * Callers that know the length (an {@code InputFormat} has it from {@code FileStatus}) pass it
 * and skip all of this.
 */
final class StreamLength {
  private static final long FIRST_STEP = 64 << 10;
  private static final int MAX_EMPTY_READS = 3;

  private StreamLength() {}

  /**
   * @param in the stream (positioned reads must leave its position alone)
   * @param known a length the file should have at least, e.g. a split's end (checked: a value past
   *     the end costs a few more probes, never a wrong answer)
   * @return the file's length
   */
  static long find(InputStream in, long known) throws IOException {
    PositionedReadable pr = (PositionedReadable) in;
    byte[] one = new byte[1];
    long lo = Math.max(0, known);
    long hint = hint(in);
    if (hint < -1) {
      lo = Math.max(lo, -hint - 2); // capped: at least that long (checked below like the caller's end)
    } else if (hint >= 0) {
      boolean at = exists(pr, hint, one);
      if (!at && (hint == 0 || exists(pr, hint - 1, one))) {
        return hint;
      }
      if (at) {
        lo = Math.max(lo, hint + 1);
      }
    }
    // lo is a candidate: the caller's end, which the last split of a file has at the file's length
    if (!exists(pr, lo, one)) {
      return lo == 0 || exists(pr, lo - 1, one) ? lo : search(pr, 0, lo, one);
    }
    lo++; // every byte before lo exists
    long step = FIRST_STEP;
    long hi;
    while (true) {
      long p = lo + step - 1;
      if (p < lo) { // overflow
        throw new Lz4StreamException(Lz4StreamException.Kind.LIMIT, Lz4StreamException.UNKNOWN_OFFSET,
            "cannot find the end of the stream");
      }
      if (!exists(pr, p, one)) {
        hi = p;
        break;
      }
      lo = p + 1;
      step <<= 1;
    }
    return search(pr, lo, hi, one);
  }

  /** @return the first position in {@code [lo, hi]} that does not exist; {@code hi} does not */
  private static long search(PositionedReadable pr, long lo, long hi, byte[] one) throws IOException {
    while (lo < hi) {
      long mid = lo + (hi - lo) / 2;
      if (exists(pr, mid, one)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * @return {@code getPos() + available()}, or -1 when the stream gives no usable value; a capped
   *     value ({@link Integer#MAX_VALUE}, as HDFS reports for more than 2 GB left) is returned
   *     negated minus 2, as a lower bound only
   */
  private static long hint(InputStream in) {
    try {
      if (!(in instanceof Seekable)) {
        return -1;
      }
      int available = in.available();
      if (available <= 0) {
        return -1;
      }
      long at = ((Seekable) in).getPos() + available;
      return available == Integer.MAX_VALUE ? -at - 2 : at;
    } catch (IOException | RuntimeException e) {
      return -1; // only a hint
    }
  }

  private static boolean exists(PositionedReadable pr, long position, byte[] one) throws IOException {
    for (int i = 0; i < MAX_EMPTY_READS; i++) {
      int n;
      try {
        n = pr.read(position, one, 0, 1);
      } catch (java.io.EOFException e) {
        return false;
      }
      if (n > 0) {
        return true;
      }
      if (n < 0) {
        return false;
      }
    }
    throw new IOException("positioned reads at " + position + " return no data and no end of file");
  }
}
