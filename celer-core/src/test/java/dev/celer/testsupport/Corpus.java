package dev.celer.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The test corpus, found in one place for every test of every module.
 *
 * <p>The full corpus (the folder named by the system property {@code celer.corpus}, which the build
 * sets to {@code ../shared/corpus} beside the repository; without the property that folder as seen
 * from the module or the repository) is used when it exists; otherwise the small sample
 * corpus that ships in the repository ({@code sample-corpus/}, or the system property {@code
 * celer.sampleCorpus}). With the environment variable {@code CELER_REQUIRE_FULL_CORPUS=1} (as {@code .ci/run}
 * sets it) a missing full corpus is an error instead of a fallback, so CI cannot shrink silently.
 *
 * <p>A test that needs a file only the full corpus has asks for it with {@link #file(String)}, which
 * skips the test (with the reason) on the sample corpus. The first use prints one line, {@code
 * [celer] corpus: ...}, naming the folder and its file count; {@code scripts/test} shows it.
 */
public final class Corpus {
  private Corpus() {}

  private static final String FULL_PROPERTY = "celer.corpus";
  private static final String SAMPLE_PROPERTY = "celer.sampleCorpus";

  private static final class Found {
    static final Path DIR;
    static final boolean FULL;

    static {
      Path full = firstDirectory(System.getProperty(FULL_PROPERTY), "../shared/corpus", "../../shared/corpus");
      if (full == null && "1".equals(System.getenv("CELER_REQUIRE_FULL_CORPUS"))) {
        throw new IllegalStateException("CELER_REQUIRE_FULL_CORPUS=1 but the full corpus is missing: put it in"
            + " ../shared/corpus beside the repository or set -D" + FULL_PROPERTY + "=<folder>");
      }
      Path dir = full != null
          ? full
          : firstDirectory(System.getProperty(SAMPLE_PROPERTY), "sample-corpus", "../sample-corpus");
      if (dir == null) {
        throw new IllegalStateException("no corpus: neither ../shared/corpus nor the repository's"
            + " sample-corpus/ was found from " + Path.of("").toAbsolutePath());
      }
      DIR = dir.toAbsolutePath().normalize();
      FULL = full != null;
      System.out.println("[celer] corpus: " + describe());
    }
  }

  /** The folder a set property names (if it is one), else the first candidate that is a folder. */
  private static Path firstDirectory(String property, String... candidates) {
    if (property != null && !property.isEmpty()) {
      return Files.isDirectory(Path.of(property)) ? Path.of(property) : null;
    }
    for (String c : candidates) {
      if (Files.isDirectory(Path.of(c))) {
        return Path.of(c);
      }
    }
    return null;
  }

  /** @return the corpus folder in use (full corpus if present, else the sample corpus) */
  public static Path dir() {
    return Found.DIR;
  }

  /** @return whether the full corpus is in use */
  public static boolean isFull() {
    return Found.FULL;
  }

  /** @return "full corpus /path (14 files)" or "sample corpus /path (5 files)" */
  public static String describe() {
    return (Found.FULL ? "full corpus " : "sample corpus ") + Found.DIR + " (" + files().size() + " files)";
  }

  /** @return every data file of the corpus (regular files except the {@code *.md} notes), sorted by name */
  public static List<Path> files() {
    try (Stream<Path> s = Files.list(dir())) {
      return s.filter(Files::isRegularFile)
          .filter(f -> !f.getFileName().toString().endsWith(".md"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The corpus file {@code name}. When the sample corpus is in use and lacks it, the calling test is
   * skipped (aborted with the reason); with the full corpus a missing file is an error.
   */
  public static Path file(String name) {
    Path p = dir().resolve(name);
    if (!Files.isRegularFile(p)) {
      Assumptions.assumeTrue(isFull(), () -> "needs " + name + " from the full corpus (../shared/corpus);"
          + " the sample corpus lacks it");
      throw new IllegalStateException("corpus file missing: " + p);
    }
    return p;
  }

  /**
   * The corpus files among {@code names} that the corpus in use has: all of them with the full
   * corpus (a missing one is an error), those the sample corpus has otherwise; when it has none, the
   * calling test is skipped.
   */
  public static List<Path> some(String... names) {
    List<Path> found = new java.util.ArrayList<>();
    for (String name : names) {
      Path p = dir().resolve(name);
      if (Files.isRegularFile(p)) {
        found.add(p);
      } else if (isFull()) {
        throw new IllegalStateException("corpus file missing: " + p);
      }
    }
    Assumptions.assumeFalse(found.isEmpty(), () -> "needs one of " + String.join(", ", names)
        + " from the full corpus (../shared/corpus); the sample corpus has none of them");
    return found;
  }

  /** @return the bytes of the corpus file {@code name} (skips the test as {@link #file} does) */
  public static byte[] read(String name) {
    return read(file(name));
  }

  /** @return the bytes of {@code file}, unchecked */
  public static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
