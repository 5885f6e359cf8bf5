package dev.celer.cli;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * An I/O failure tagged with its side: reading the source or writing the destination. The raw
 * streams of a command are wrapped by {@link #reading} and {@link #writing}, so that a failure that
 * travels up through the codec's streams (which pass an underlying {@link IOException} through
 * unchanged) still says whose it was, and is reported as a read error or a write error
 * accordingly, never the one as the other.
 */
abstract class IoFailure extends IOException {
  private static final long serialVersionUID = 1L;

  IoFailure(IOException cause) {
    super(cause.getMessage(), cause);
  }

  /** @return the failure of the underlying stream */
  IOException cause() {
    return (IOException) getCause();
  }

  /** Reading the source failed. */
  static final class Read extends IoFailure {
    private static final long serialVersionUID = 1L;

    Read(IOException cause) {
      super(cause);
    }
  }

  /** Writing the destination failed. */
  static final class Write extends IoFailure {
    private static final long serialVersionUID = 1L;

    Write(IOException cause) {
      super(cause);
    }
  }

  /**
   * @return the tagged failure in {@code t} or its causes (a stream may wrap the failure it latched),
   *     or null
   */
  static IoFailure find(Throwable t) {
    for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
      if (t instanceof IoFailure f) {
        return f;
      }
    }
    return null;
  }

  /** @return {@code in}, with every failure tagged {@link Read} */
  static InputStream reading(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        try {
          return in.read();
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Read(e);
        }
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        try {
          return in.read(b, off, len);
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Read(e);
        }
      }

      @Override
      public long skip(long n) throws IOException {
        try {
          return in.skip(n);
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Read(e);
        }
      }

      @Override
      public int available() throws IOException {
        try {
          return in.available();
        } catch (IOException e) {
          return 0; // only a hint; the next read reports a real failure
        }
      }
    };
  }

  /** @return {@code out}, with every failure tagged {@link Write} */
  static OutputStream writing(OutputStream out) {
    return new FilterOutputStream(out) {
      @Override
      public void write(int b) throws IOException {
        try {
          out.write(b);
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Write(e);
        }
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        try {
          out.write(b, off, len);
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Write(e);
        }
      }

      @Override
      public void flush() throws IOException {
        try {
          out.flush();
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Write(e);
        }
      }

      @Override
      public void close() throws IOException {
        try {
          out.close();
        } catch (IoFailure e) {
          throw e;
        } catch (IOException e) {
          throw new Write(e);
        }
      }
    };
  }
}
