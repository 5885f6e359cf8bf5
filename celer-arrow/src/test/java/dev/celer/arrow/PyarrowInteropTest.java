package dev.celer.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.compression.CompressionUtil.CodecType;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pyarrow (Arrow C++ over liblz4) as the other side: Java writes IPC files and streams with
 * LZ4_FRAME through Celer and pyarrow reads them equal to an uncompressed twin Java wrote beside
 * them; pyarrow writes {@code compression='lz4'} files and streams (and twins) and Celer's
 * factory, and Arrow Java's own, read them equal. The Python side is {@code
 * src/test/python/arrow_interop.py}.
 *
 * <p>pyarrow comes from {@code -Dceler.pyarrow.path} (a PYTHONPATH folder), else from {@code
 * scripts/pyarrow}, which installs it with pip into {@code .tools/} of the repository. Without
 * python3 or pip the tests are skipped with a message, unless {@code CELER_REQUIRE_PYARROW=1} or
 * {@code CI=true} is set: then they fail.
 */
class PyarrowInteropTest extends LeakCheckedTest {
  private static String pythonPath;
  @TempDir Path dir;

  @BeforeAll
  static void findPyarrow() throws Exception {
    boolean required = "1".equals(System.getenv("CELER_REQUIRE_PYARROW")) || "true".equals(System.getenv("CI"));
    String problem = null;
    String path = System.getProperty("celer.pyarrow.path", "").trim();
    if (path.isEmpty()) {
      Path script = repositoryRoot().resolve("scripts/pyarrow");
      Run r = run(List.of("bash", script.toString()), null, 600);
      if (r.exit == 0) {
        path = r.stdout.trim();
      } else {
        problem = "scripts/pyarrow failed (exit " + r.exit + "): " + r.stderr.trim();
      }
    }
    if (problem == null) {
      Run r = run(List.of("python3", "-c", "import pyarrow; print(pyarrow.__version__)"), path, 120);
      if (r.exit != 0) {
        problem = "python3 cannot import pyarrow from '" + path + "': " + r.stderr.trim();
      }
    }
    if (problem != null) {
      if (required) {
        fail("pyarrow is required here (CELER_REQUIRE_PYARROW=1 or CI=true): " + problem);
      }
      Assumptions.abort("pyarrow interop skipped: " + problem + " (needs python3 with pip; scripts/pyarrow installs pyarrow)");
    }
    pythonPath = path;
  }


  @Test
  void pyarrowReadsWhatCelerWrites() throws Exception {
    String[] exts = {".arrow", ".arrows"};
    for (String ext : exts) {
      boolean stream = ext.equals(".arrows");
      write("multi" + ext, stream, Optional.empty(), new int[] {1000, 0, 20_000, 7});
      write("level9" + ext, stream, Optional.of(9), new int[] {5000, 300});
      write("fast" + ext, stream, Optional.of(-3), new int[] {5000});
      write("empty" + ext, stream, Optional.empty(), new int[0]);
      write("big" + ext, stream, Optional.empty(), new int[] {200_000});
    }
    Run r = python("read");
    assertEquals(0, r.exit, "pyarrow: " + r.stdout + r.stderr);
    for (String name : new String[] {"multi", "level9", "fast", "empty", "big"}) {
      for (String ext : exts) {
        assertTrue(r.stdout.contains("ok " + name + ext + " "), "pyarrow checked " + name + ext + ":\n" + r.stdout);
      }
    }
  }

  private void write(String name, boolean stream, Optional<Integer> level, int[] rows) throws IOException {
    String plain = name.replace(".arrow", ".plain.arrow");
    Tables.write(allocator, dir.resolve(name), stream, CelerCompressionFactory.INSTANCE, CodecType.LZ4_FRAME, level, rows, 5);
    Tables.write(allocator, dir.resolve(plain), stream, CelerCompressionFactory.INSTANCE, CodecType.NO_COMPRESSION,
        Optional.empty(), rows, 5);
  }

  @Test
  void celerReadsWhatPyarrowWrites() throws Exception {
    Run r = python("write");
    assertEquals(0, r.exit, "pyarrow: " + r.stdout + r.stderr);
    int checked = 0;
    for (String name : new String[] {"py-multi", "py-level9", "py-empty", "py-big"}) {
      for (String ext : new String[] {".arrow", ".arrows"}) {
        boolean stream = ext.equals(".arrows");
        Tables.Written twin = Tables.read(allocator, dir.resolve(name + ".plain" + ext), stream, CelerCompressionFactory.INSTANCE);
        Tables.Written celer = Tables.read(allocator, dir.resolve(name + ext), stream, CelerCompressionFactory.INSTANCE);
        assertEquals(twin.batches, celer.batches, name + ext);
        assertEquals(twin.dictionaries, celer.dictionaries, name + ext);
        if (!name.equals("py-big")) { // Arrow Java's own codec, where it is fast enough
          Tables.Written commons = Tables.read(allocator, dir.resolve(name + ext), stream, CommonsCompressionFactory.INSTANCE);
          assertEquals(twin.batches, commons.batches, name + ext + " through Arrow Java's codec");
        }
        checked++;
      }
    }
    assertEquals(8, checked);
  }

  private Run python(String mode) throws Exception {
    Path script = repositoryRoot().resolve("celer-arrow/src/test/python/arrow_interop.py");
    return run(List.of("python3", script.toString(), mode, dir.toString()), pythonPath, 600);
  }

  /** The repository's root: the folder above this module. */
  static Path repositoryRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.exists(p.resolve("scripts/pyarrow"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("no scripts/pyarrow above " + Path.of("").toAbsolutePath());
    }
    return p;
  }

  static final class Run {
    int exit;
    String stdout;
    String stderr;
  }

  static Run run(List<String> cmd, String pythonPath, long timeoutSeconds) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd));
    if (pythonPath != null && !pythonPath.isEmpty()) {
      pb.environment().put("PYTHONPATH", pythonPath);
    }
    Path out = Files.createTempFile("celer-py", ".out");
    Path err = Files.createTempFile("celer-py", ".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Run r = new Run();
    try {
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        r.exit = -1;
      } else {
        r.exit = p.exitValue();
      }
    } catch (IOException e) { // no such program
      r.exit = 127;
      Files.writeString(err, String.valueOf(e.getMessage()));
    }
    r.stdout = Files.readString(out, StandardCharsets.UTF_8);
    r.stderr = Files.readString(err, StandardCharsets.UTF_8);
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
    return r;
  }
}
